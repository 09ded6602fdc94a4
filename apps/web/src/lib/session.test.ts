import { QueryClient } from "@tanstack/react-query";
import { CLIENT_VERSION } from "@doorstep/shared/constants";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, meQueryKey, startSession } from "./session.ts";

const previousUser = { user: { id: "u-1", firstName: "Ann" }, unreadMessageCount: 0 };

/** A cache as a signed-in user leaves it: the session plus pages of their data. */
function cacheOfPreviousUser(): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQueryKey, previousUser);
  queryClient.setQueryData(["properties", { cursor: null }], { items: [{ id: "p-1", name: "Ann's flat" }] });
  queryClient.setQueryData(["billing", "subscription"], { plan: "annual" });
  return queryClient;
}

const otherKeys = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .map((q) => q.queryKey[0])
    .filter((k) => k !== meQueryKey[0]);

describe("clearSession (AUTH-22: the session ended without a logout)", () => {
  it("marks the user logged out and drops every other cached query, as logout does (AUTH-21)", () => {
    const queryClient = cacheOfPreviousUser();
    clearSession(queryClient);
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
    expect(otherKeys(queryClient)).toEqual([]);
    expect(queryClient.getQueryData(["properties", { cursor: null }])).toBeUndefined();
  });
});

describe("startSession (login, sign-up, auto-login)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("drops the previous session's cached data before loading the new user", async () => {
    const queryClient = cacheOfPreviousUser();
    const nextUser = { user: { id: "u-2", firstName: "Bo" }, unreadMessageCount: 0 };
    vi.stubGlobal("fetch", () => Promise.resolve(new Response(JSON.stringify(nextUser), { status: 200 })));
    await expect(startSession(queryClient, CLIENT_VERSION)).resolves.toBe(true);
    expect(otherKeys(queryClient)).toEqual([]);
    expect(queryClient.getQueryData(["billing", "subscription"])).toBeUndefined();
  });

  it("does the same when it keeps the caller's screen until the user is loaded (sign-up)", async () => {
    const queryClient = cacheOfPreviousUser();
    const nextUser = {
      user: {
        id: "u-3",
        firstName: "Cy",
        lastName: null,
        tel: null,
        email: "cy@example.com",
        photoUrl: null,
        isMaster: true,
        isAffiliate: false,
        messagingActive: false,
        sharedContentPropertyId: null,
        referrerCode: "abc",
        account: { trialEndsAt: null, hasSubscription: false, paymentFailed: false },
      },
      unreadMessageCount: 0,
    };
    vi.stubGlobal("fetch", () => Promise.resolve(new Response(JSON.stringify(nextUser), { status: 200 })));
    await startSession(queryClient, CLIENT_VERSION, { keepScreen: true });
    expect(otherKeys(queryClient)).toEqual([]);
  });
});
