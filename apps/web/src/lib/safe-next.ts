/**
 * The `next` query parameter as a same-origin path, or null (OPEN-10). Anything that would leave the
 * site (`//evil.com`, `https://…`, `/\evil.com`) is refused, so the login page cannot be an open redirect.
 */
export function safeNextPath(next: string | null | undefined, origin = window.location.origin): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  try {
    const url = new URL(next, origin);
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** /login?next=… for the given location, leaving out `next` for the home page. */
export function loginPathFor(pathname: string, search: string): string {
  const target = `${pathname}${search}`;
  return target === "/" ? "/login" : `/login?next=${encodeURIComponent(target)}`;
}
