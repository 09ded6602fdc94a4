import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape-html.ts";

describe("escapeHtml", () => {
  it("escapes the five characters that can end text or a quoted attribute", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;",
    );
  });

  it("leaves other characters alone and escapes the ampersand of a written entity again", () => {
    expect(escapeHtml("Café ☕ &amp;")).toBe("Café ☕ &amp;amp;");
  });
});
