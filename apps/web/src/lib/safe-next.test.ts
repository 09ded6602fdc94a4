import { describe, expect, it } from "vitest";
import { loginPathFor, safeNextPath } from "./safe-next.ts";

const origin = "https://app.example.com";

describe("safeNextPath (OPEN-10)", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeNextPath("/login-security", origin)).toBe("/login-security");
    expect(safeNextPath("/properties?page=2#top", origin)).toBe("/properties?page=2#top");
  });

  it("refuses anything that could leave the site", () => {
    for (const next of [
      "https://evil.com",
      "//evil.com/x",
      "/\\evil.com",
      "javascript:alert(1)",
      "evil",
      "",
      null,
      undefined,
    ]) {
      expect(safeNextPath(next, origin)).toBeNull();
    }
  });
});

describe("loginPathFor", () => {
  it("adds the requested page as next, except for home", () => {
    expect(loginPathFor("/", "")).toBe("/login");
    expect(loginPathFor("/personal-information", "")).toBe("/login?next=%2Fpersonal-information");
    expect(loginPathFor("/properties", "?a=1")).toBe("/login?next=%2Fproperties%3Fa%3D1");
  });
});
