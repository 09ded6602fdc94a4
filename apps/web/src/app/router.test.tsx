import { lazy } from "react";
import { describe, expect, it, vi } from "vitest";
import { waitFor } from "@testing-library/react";
import { preloadMatchedPages } from "./lazy-page.ts";
import { createAppRouter } from "./router.tsx";

type State = Parameters<typeof preloadMatchedPages>[0]["state"];
const stateWith = (elements: unknown[]) =>
  ({ matches: elements.map((element) => ({ route: { element } })) }) as unknown as State;

describe("preloadMatchedPages", () => {
  it("starts the matched pages' chunks and leaves guards, layouts and empty routes alone", () => {
    const load = vi.fn(() => Promise.resolve({}));
    const Page = Object.assign(
      lazy(() => Promise.resolve({ default: () => null })),
      { preload: load },
    );
    const Guard = () => null;
    preloadMatchedPages({ state: stateWith([<Guard key="g" />, undefined, <Page key="p" />]) });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("swallows a chunk that fails to load: the page reports it when it renders", async () => {
    const failing = vi.fn(() => Promise.reject(new Error("offline")));
    const Page = Object.assign(
      lazy(() => Promise.resolve({ default: () => null })),
      { preload: failing },
    );
    expect(() => preloadMatchedPages({ state: stateWith([<Page key="p" />]) })).not.toThrow();
    await expect(failing.mock.results[0]!.value).rejects.toThrow("offline");
  });

  it("the app's router preloads the page its first address shows", () => {
    window.history.replaceState(null, "", "/login");
    const router = createAppRouter();
    const page = router.state.matches.at(-1)!.route.element as { type: { preload?: unknown } };
    expect(router.state.location.pathname).toBe("/login");
    expect(typeof page.type.preload).toBe("function");
    router.dispose();
  });

  it("adds the other pages when the first address is one of them, and navigates to them later too", async () => {
    window.history.replaceState(null, "", "/stays");
    const router = createAppRouter();
    // "Not found" matched at first; the rest of the table comes in and the address finds its page.
    await waitFor(() => expect(router.state.matches.at(-1)?.route.path).toBe("stays"), { timeout: 5_000 });
    await router.navigate("/guide-analytics");
    expect(router.state.matches.at(-1)?.route.path).toBe("guide-analytics");
    await router.navigate("/no-such-page");
    expect(router.state.matches.at(-1)?.route.path).toBe("*");
    router.dispose();
  });
});
