import { CLIENT_VERSION } from "@doorstep/shared/constants";

const RELOAD_MARK = "doorstep:reloaded-for-version";

/**
 * Reloads the page when the server reports another client version (AUTH-10, XCUT-46). Reloads at
 * most once per reported version per tab, so a server that never matches cannot cause a reload loop.
 * Returns true when a reload was started.
 */
export function reloadIfOutdated(serverVersion: string): boolean {
  if (serverVersion === CLIENT_VERSION) return false;
  try {
    if (window.sessionStorage.getItem(RELOAD_MARK) === serverVersion) return false;
    window.sessionStorage.setItem(RELOAD_MARK, serverVersion);
  } catch {
    // Storage blocked: reload anyway, the browser cache will still serve the new build next time.
  }
  window.location.reload();
  return true;
}
