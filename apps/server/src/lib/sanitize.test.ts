import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../test/factories.ts";
import { expectHarmless, PAYLOADS } from "../test/xss-corpus.ts";
import { sanitizeRichText } from "./sanitize.ts";

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
      `<h2>Title</h2><p><strong>b</strong> <strong>b</strong> <em>i</em> <em>i</em> <u>u</u><br /></p><ul><li>one</li></ul><ol><li>two</li></ol><p><a href="https://x.example" rel="noopener noreferrer nofollow" target="_blank">link</a> <a href="mailto:a@b.example" rel="noopener noreferrer nofollow" target="_blank">mail</a> <a href="tel:+441234" rel="noopener noreferrer nofollow" target="_blank">call</a> <span style="color:#ff0000">red</span></p>`,
    );
    expect(sanitizeRichText("<p></p>")).toBe("");
    // Renamed tags lose their attributes like every other element; elements off the toolbar leave their text only.
    expect(
      sanitizeRichText(
        `<p><b onclick="x()" class="k">bold</b> <i style="color:red">it</i> <s>gone</s> <code>c</code> <sup>2</sup></p><h3>h</h3>`,
      ),
    ).toBe("<p><strong>bold</strong> <em>it</em> gone c 2</p>h");
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
      const { item } = (
        await t.app.inject({
          method: "GET",
          url: `/api/properties/${propertyId}/content/items/${id}`,
          headers: { cookie: host.cookie },
        })
      ).json();
      expect(item.detailText.startsWith("<p>ok</p>"), payload).toBe(true);
      // Rich text: no script, no handler, no dangerous scheme.
      for (const value of [item.detailText, item.translations[0]?.detailText ?? null]) expectHarmless(value);
      // Plain text is shown escaped; it may mention "javascript:" but can never open a tag.
      for (const plain of [
        item.title,
        item.describe,
        item.translations[0]?.title,
        item.subItems[0].detailText,
        item.subItems[1].buttonLabel,
      ]) {
        if (plain) expect(plain, payload).not.toMatch(/<[a-z!/?]/i);
      }
    }
  });

  it("refuses web links and button links that are not http(s), mailto or tel", async () => {
    for (const webLink of [
      "javascript:alert(1)",
      "data:text/html,x",
      "//evil.example",
      "ftp://x.example",
      "https://",
      "http:/x",
    ]) {
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
        payload: {
          categoryLabel: "arrival",
          title: "Button",
          subItems: [{ action: "create", type: "button", buttonLabel: "Go", buttonLink }],
        },
      });
      expect(res.statusCode, buttonLink).toBe(400);
    }
    const internal = await t.app.inject({
      method: "POST",
      url: `/api/properties/${propertyId}/content/items`,
      headers: { cookie: host.cookie },
      payload: {
        categoryLabel: "arrival",
        title: "Internal",
        subItems: [
          { action: "create", type: "internal-link", internalLinkLabel: "Out", internalLink: "//evil.example" },
        ],
      },
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
