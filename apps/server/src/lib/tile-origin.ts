/**
 * The origin for a CSP source list from a map tile URL template such as
 * "https://{s}.tile.example.org/{z}/{x}/{y}.png" (a `{s}` subdomain becomes a wildcard); null when the
 * template is not an http(s) URL.
 */
export function tileOrigin(template: string): string | null {
  try {
    const url = new URL(template.replace(/\{s\}/g, "a"));
    const wildcard = template.includes("{s}.")
      ? `${url.protocol}//*.${url.host.split(".").slice(1).join(".")}`
      : url.origin;
    return url.protocol === "https:" || url.protocol === "http:" ? wildcard : null;
  } catch {
    return null;
  }
}
