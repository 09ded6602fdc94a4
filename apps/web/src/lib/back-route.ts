// PROP-14: create-property and the property overview go back to the list the user came from.
const KEY = "doorstep.propertyListRoute";

export type PropertyListRoute = "/" | "/properties";

/** Remembers which list (home or /properties) the user last saw, for this tab only. */
export function rememberPropertyListRoute(route: PropertyListRoute): void {
  try {
    sessionStorage.setItem(KEY, route);
  } catch {
    // Storage may be unavailable (private mode); the default then applies.
  }
}

/** The list to go back to: the one remembered, or the dashboard. */
export function propertyListRoute(): PropertyListRoute {
  try {
    return sessionStorage.getItem(KEY) === "/properties" ? "/properties" : "/";
  } catch {
    return "/";
  }
}
