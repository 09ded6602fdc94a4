import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ApiError, setUnauthenticatedHandler } from "../lib/api-client.ts";
import { clearSession } from "../lib/session.ts";

/** One QueryClient per app; a 4xx is an answer, so only network and 5xx failures are retried. */
export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
  // AUTH-22: any 401 from an authenticated call ends the session; the route guards take it from there.
  setUnauthenticatedHandler(() => clearSession(queryClient));
  return queryClient;
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
