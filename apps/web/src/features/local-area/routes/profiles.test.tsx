import { copy } from "@doorstep/shared/copy";
import type { ProfileSummary } from "@doorstep/shared/schemas/local-area";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LocalAreaProfilesPage } from "./profiles.tsx";

const c = copy.localArea;

const profile = (n: number): ProfileSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  label: `town-${n}`,
  title: `Town ${n}`,
  townCity: "Brighton",
  country: "United Kingdom",
  coverUrl: null,
  placeCount: n,
});

/** The server's two pages: the first says where the second begins. */
function serveTwoPages() {
  const requested: string[] = [];
  const fetch = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    requested.push(url.pathname + url.search);
    const body =
      url.searchParams.get("cursor") === "after-2"
        ? { items: [profile(3)], nextCursor: null }
        : { items: [profile(1), profile(2)], nextCursor: "after-2" };
    return Promise.resolve(new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }));
  });
  vi.stubGlobal("fetch", fetch);
  return requested;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/", element: <LocalAreaProfilesPage /> }], { initialEntries: ["/"] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("/local-area-profiles, a page at a time (LOCAL-15/16)", () => {
  it("shows the first page, then the next one below it on 'Show more profiles', and no button after the last", async () => {
    const requested = serveTwoPages();
    renderPage();
    const list = await screen.findByRole("list", { name: c.profilesTitle });
    expect(
      within(list)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual([expect.stringContaining("Town 1"), expect.stringContaining("Town 2")]);

    await userEvent.click(screen.getByRole("button", { name: c.loadMoreProfiles }));
    await within(list).findByText("Town 3");
    expect(within(list).getAllByRole("link")).toHaveLength(3);
    expect(screen.queryByRole("button", { name: c.loadMoreProfiles })).toBeNull();
    expect(requested).toEqual([
      "/api/local-area-profiles?limit=50",
      "/api/local-area-profiles?limit=50&cursor=after-2",
    ]);
  });
});
