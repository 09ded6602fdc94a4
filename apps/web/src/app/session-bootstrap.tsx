import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { LoadingScreen } from "../components/ui/spinner.tsx";
import { loginWithToken } from "../features/auth/api/login-with-token.ts";
import { useConfig } from "../lib/config.ts";
import { startSession } from "../lib/session.ts";
import { reloadIfOutdated } from "../lib/version.ts";

const LOGIN_TOKEN_PARAM = "login_token";

/**
 * Reads `login_token` from the address and removes it at once (history.replaceState), so the
 * single-use token never stays in the history or the address bar (AUTH-14). Call before the router starts.
 */
export function takeLoginToken(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get(LOGIN_TOKEN_PARAM);
  if (token === null) return null;
  url.searchParams.delete(LOGIN_TOKEN_PARAM);
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  return token || null;
}

// One exchange per token, even when React runs effects twice in development.
const exchanges = new Map<string, Promise<string | null>>();

function exchangeOnce(token: string): Promise<string | null> {
  let pending = exchanges.get(token);
  if (!pending) {
    pending = loginWithToken(token).then(
      (response) => response.appVersion,
      () => null, // AUTH-14: an invalid or used token just leaves the visitor logged out.
    );
    exchanges.set(token, pending);
  }
  return pending;
}

/** Runs the auto-login and the start-up version check (XCUT-46) before the routes render. */
export function SessionBootstrap({ loginToken, children }: { loginToken: string | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(loginToken === null);
  const config = useConfig();

  useEffect(() => {
    if (config.data) reloadIfOutdated(config.data.appVersion);
  }, [config.data]);

  useEffect(() => {
    if (loginToken === null) return;
    let active = true;
    void exchangeOnce(loginToken)
      .then(async (appVersion) => {
        if (appVersion !== null && !(await startSession(queryClient, appVersion))) return; // reloading
        if (active) setReady(true);
      })
      .catch(() => {
        if (active) setReady(true);
      });
    return () => {
      active = false;
    };
  }, [loginToken, queryClient]);

  return ready ? <>{children}</> : <LoadingScreen />;
}
