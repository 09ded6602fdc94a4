import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../app/providers.tsx";
import { prefetchBoot } from "./boot.ts";
import { configQueryKey } from "./config.ts";
import { meQueryKey } from "./session.ts";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("prefetchBoot", () => {
  it("asks for the session and the settings at once, and the hooks' queries find the answers", async () => {
    const fetchMock = vi.fn((input: RequestInfo | URL) =>
      Promise.resolve(
        String(input).endsWith("/api/me")
          ? json({ error: { code: "UNAUTHENTICATED", message: "Not logged in" } }, 401)
          : json({ appVersion: "v1" }),
      ),
    );
    vi.stubGlobal("fetch", fetchMock);
    const queryClient = createQueryClient();
    prefetchBoot(queryClient, { session: true });
    // Both requests are on their way before anything renders.
    expect(fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://x").pathname).sort()).toEqual([
      "/api/config",
      "/api/me",
    ]);
    await vi.waitFor(() => expect(queryClient.getQueryState(meQueryKey)?.status).toBe("success"));
    expect(queryClient.getQueryData(meQueryKey)).toBeNull(); // logged out is an answer
    await vi.waitFor(() => expect(queryClient.getQueryData(configQueryKey)).toEqual({ appVersion: "v1" }));
  });

  it("leaves the session to the auto-login when a login token is being exchanged", () => {
    const fetchMock = vi.fn(() => Promise.resolve(json({ appVersion: "v1" })));
    vi.stubGlobal("fetch", fetchMock);
    prefetchBoot(createQueryClient(), { session: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toMatch(/\/api\/config$/);
  });
});
