import type { MeResponse } from "@doorstep/shared/schemas/user";
import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiRequestTrusted, hasErrorCode } from "./api-client.ts";
import { configQueryKey } from "./config.ts";
import { reloadIfOutdated } from "./version.ts";

export const meQueryKey = ["me"] as const;

/** GET /api/me; null means logged out (a 401 is an answer here, not an error). */
export async function getMe(): Promise<MeResponse | null> {
  try {
    return await apiRequestTrusted<MeResponse>("/api/me");
  } catch (error) {
    if (hasErrorCode(error, "UNAUTHENTICATED")) return null;
    throw error;
  }
}

/** The session query, as `useMe` reads it and `prefetchBoot` starts it. */
export const meQuery = queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 30_000 });

/** The one session query: "logged in" means /api/me answered with a user (AUTH-16). */
export function useMe() {
  return useQuery(meQuery);
}

/** Queries that hold nobody's data: the session's own and the public settings. */
const keptKeys: readonly unknown[] = [meQueryKey[0], configQueryKey[0]];

/**
 * Drops every cached query but the session's own and the public settings, so nothing of the last user
 * (properties, billing, messages) stays in memory for whoever signs in next in this tab (AUTH-21).
 */
export function removeUserQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !keptKeys.includes(query.queryKey[0]) });
}

/**
 * Marks the session as gone (a 401: expired, revoked, signed out elsewhere) and forgets the user's data
 * as logout does; route guards then send the visitor to /login (AUTH-22).
 */
export function clearSession(queryClient: QueryClient): void {
  // Only a known user needs clearing; while /api/me itself is loading its own answer decides.
  if (queryClient.getQueryData(meQueryKey)) queryClient.setQueryData(meQueryKey, null);
  removeUserQueries(queryClient);
}

/**
 * After login, sign-up or auto-login: reload when the server runs another client version (AUTH-10),
 * otherwise load the user afresh; the full-page loading screen shows meanwhile (AUTH-03).
 * Resolves to false when the page is reloading.
 */
export async function startSession(
  queryClient: QueryClient,
  appVersion: string,
  { keepScreen = false } = {},
): Promise<boolean> {
  if (reloadIfOutdated(appVersion)) return false;
  endedByLogout = false;
  // Whatever was cached belonged to the previous session, perhaps another person's.
  removeUserQueries(queryClient);
  if (keepScreen) {
    // Keeps the caller's own screen (e.g. the sign-up success loader) until the user is loaded.
    await queryClient.fetchQuery({ queryKey: meQueryKey, queryFn: getMe, staleTime: 0 });
  } else {
    await queryClient.resetQueries({ queryKey: meQueryKey });
  }
  return true;
}

// Set by logout so the route guard sends the visitor to plain /login instead of /login?next=… (OPEN-10).
let endedByLogout = false;

export function markLoggedOut(): void {
  endedByLogout = true;
}

/** True after a logout until the next session starts: redirects to /login then carry no `next`. */
export function isLoggedOutByUser(): boolean {
  return endedByLogout;
}
