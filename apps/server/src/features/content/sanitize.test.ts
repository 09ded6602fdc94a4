import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";
import { sanitizeRichText } from "./sanitize.ts";

/** XSS payloads (OWASP filter-evasion cheat sheet and friends), CONT-19. */
const PAYLOADS = [
  `<script>alert(1)</script>`,
  `<img src=x onerror=alert(1)>`,
  `<svg onload=alert(1)>`,
  `<a href="javascript:alert(1)">x</a>`,
  `<a href="JaVaScRiPt:alert(1)">x</a>`,
  `<a href="jav&#x09;ascript:alert(1)">x</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<a href="//evil.example/">x</a>`,
  `<p onclick="alert(1)">click</p>`,
  `<span style="color:red;background:url(javascript:alert(1))">x</span>`,
  `<span style="color: expression(alert(1))">x</span>`,
  `<iframe src="https://evil.example"></iframe>`,
  `<object data="javascript:alert(1)"></object>`,
  `<embed src="javascript:alert(1)">`,
  `<body onload=alert(1)>`,
  `<style>@import 'javascript:alert(1)';</style>`,
  `<link rel=stylesheet href="javascript:alert(1)">`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<form action="javascript:alert(1)"><button>x</button></form>`,
  `<input onfocus=alert(1) autofocus>`,
  `<details open ontoggle=alert(1)>`,
  `<video><source onerror=alert(1)></video>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `"><script>alert(1)</script>`,
  `<div style="position:fixed;top:0" onmouseover="alert(1)">x</div>`,
  `<base href="javascript:alert(1)//">`,
  `<a href="https://ok.example" onmouseover="alert(1)" target="_self">ok</a>`,
  `<h1 id="x" class="y">Big</h1><h2 onclick="a()">Header</h2>`,
  `<template><script>alert(1)</script></template>`,
  `<img src="x:x" onerror="alert(1)"/>`,
];

/** Nothing in the output can run script, load something, or carry an event handler. */
function expectHarmless(html: string | null): void {
  if (html === null) return;
  expect(html).not.toMatch(/<\s*(script|img|svg|iframe|object|embed|style|link|meta|form|input|details|video|source|math|base|template|body|div|h1)\b/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/(javascript|vbscript|data)\s*:/i);
  expect(html).not.toMatch(/expression\s*\(|url\s*\(/i);
  expect(html).not.toMatch(/href="\/\//i);
}

let t: TestApp;
let host: TestUser;
let propertyId: string;
beforeAll(async () => {
  t = await createTestApp();
  host = await buildUser(t.ctx);
  propertyId = (await buildProperty(t.app, host)).propertyId;
});
afterAll(() => t.close());

describe("sanitiser (CONT-19, CONT-20)", () => {
  it("keeps exactly the toolbar's elements and attributes", () => {
    const html = `<h2>Title</h2><p><strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u><br></p><ul><li>one</li></ul><ol><li>two</li></ol><p><a href="https://x.example" class="c">link</a> <a href="mailto:a@b.example">mail</a> <a href="tel:+441234">call</a> <span style="color: #ff0000; font-size: 40px">red</span></p>`;
    expect(sanitizeRichText(html)).toBe(
      `<h2>Title</h2><p><strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u><br /></p><ul><li>one</li></ul><ol><li>two</li></ol><p><a href="https://x.example" rel="noopener noreferrer nofollow" target="_blank">link</a> <a href="mailto:a@b.example" rel="noopener noreferrer nofollow" target="_blank">mail</a> <a href="tel:+441234" rel="noopener noreferrer nofollow" target="_blank">call</a> <span style="color:#ff0000">red</span></p>`,
    );
    expect(sanitizeRichText("<p></p>")).toBe("");
  });

  it(`stores ${PAYLOADS.length} XSS payloads in DetailText, titles, translations and sub-items and reads them back harmless`, async () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(30);
    for (const payload of PAYLOADS) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/properties/${propertyId}/content/items`,
        headers: { cookie: host.cookie },
        payload: {
          categoryLabel: "house-rules",
          title: `Rule ${payload}`,
          detailText: `<p>ok</p>${payload}`,
          describe: payload,
          translations: [{ language: "fr", action: "create", title: `Règle ${payload}`, detailText: payload }],
          subItems: [
            { action: "create", type: "text", detailText: `Text ${payload}` },
            { action: "create", type: "button", buttonLabel: `Go ${payload}`, buttonLink: "https://example.com" },
          ],
        },
      });
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(201);
      const id = res.json().item.id;
      const { item } = (await t.app.inject({ method: "GET", url: `/api/properties/${propertyId}/content/items/${id}`, headers: { cookie: host.cookie } })).json();
      expect(item.detailText.startsWith("<p>ok</p>"), payload).toBe(true);
      // Rich text: no script, no handler, no dangerous scheme.
      for (const value of [item.detailText, item.translations[0]?.detailText ?? null]) expectHarmless(value);
      // Plain text is shown escaped; it may mention "javascript:" but can never open a tag.
      for (const plain of [item.title, item.describe, item.translations[0]?.title, item.subItems[0].detailText, item.subItems[1].buttonLabel]) {
        if (plain) expect(plain, payload).not.toMatch(/<[a-z!/?]/i);
      }
    }
  });

  it("refuses web links and button links that are not http(s), mailto or tel", async () => {
    for (const webLink of ["javascript:alert(1)", "data:text/html,x", "//evil.example", "ftp://x.example", "https://", "http:/x"]) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/properties/${propertyId}/content/items`,
        headers: { cookie: host.cookie },
        payload: { categoryLabel: "arrival", title: "Link", webLink },
      });
      expect(res.statusCode, webLink).toBe(400);
    }
    for (const buttonLink of ["javascript:alert(1)", "data:text/html,x", "tel:<script>"]) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/properties/${propertyId}/content/items`,
        headers: { cookie: host.cookie },
        payload: { categoryLabel: "arrival", title: "Button", subItems: [{ action: "create", type: "button", buttonLabel: "Go", buttonLink }] },
      });
      expect(res.statusCode, buttonLink).toBe(400);
    }
    const internal = await t.app.inject({
      method: "POST",
      url: `/api/properties/${propertyId}/content/items`,
      headers: { cookie: host.cookie },
      payload: { categoryLabel: "arrival", title: "Internal", subItems: [{ action: "create", type: "internal-link", internalLinkLabel: "Out", internalLink: "//evil.example" }] },
    });
    expect(internal.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: "POST",
      url: `/api/properties/${propertyId}/content/items`,
      headers: { cookie: host.cookie },
      payload: { categoryLabel: "arrival", title: "Fine", webLink: "" },
    });
    expect(ok.json().item.webLink).toBeNull();
  });
});
