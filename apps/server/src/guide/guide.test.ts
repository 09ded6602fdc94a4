import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COVER_IMAGE_WIDTHS } from "@doorstep/shared/constants";
import { copy } from "@doorstep/shared/copy";
import { guideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import { properties } from "../db/schema/properties.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { SCRIPT_LOADER } from "./guide-page.tsx";
import { buildCompany, buildProperty, buildUser, makePng, multipart, setAccountState } from "../test/factories.ts";
import { PAYLOADS } from "../test/xss-corpus.ts";
import { guideWithContent, SECRET } from "../test/guide-fixture.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api: TestApp["as"] = (...request) => t.as(...request);
const guide = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: path, headers });

describe("guide page (GUIDE-01/02/10/11/22, OPEN-58, IMPL-39)", () => {
  it("renders a live guide's content in the HTML, readable without JavaScript, with strict headers", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await guideWithContent(t, user);
    const res = await guide(`/g/${propertyId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    const html = res.body;
    expect(html).toContain("<h1>Harbour Loft</h1>");
    expect(html).toContain("12 Quay Street, Whitby");
    expect(html).toContain(SECRET);
    expect(html).toContain("Arrival &amp; check-in");
    expect(html).toContain(copy.guide.featured);
    expect(html).toContain('href="https://taxi.example.com"');
    // XSS corpus: nothing executable survives.
    expect(html).not.toMatch(/onerror|<script>alert|alert\(2\)/);
    expect(html).not.toContain('name="robots"');
    // The host card: the default manager.
    expect(html).toContain(copy.guide.hostCardTitle);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/style-src-elem 'sha256-[A-Za-z0-9+/=]+'/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers.etag).toBeTruthy();
    expect((await guide(`/g/${propertyId}`, { "if-none-match": String(res.headers.etag) })).statusCode).toBe(304);
    // One inline script, the loader of the guide's own file, allowed by its hash; nothing else runs inline.
    expect(html.match(/<script\b[^>]*>[^<]*<\/script>/g)).toEqual([`<script>${SCRIPT_LOADER}</script>`]);
    const loaderHash = createHash("sha256").update(SCRIPT_LOADER).digest("base64");
    expect(csp).toContain(`script-src 'self' 'sha256-${loaderHash}';`);
    expect(html).toMatch(/data-script="\/g\/_\/guide-[0-9a-f]+\.js"/);
  });

  it("answers unknown and archived guides with a noindex not-found page (404)", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    await api(user, "DELETE", `/api/properties/${propertyId}`);
    for (const id of ["no-such-guide", propertyId]) {
      const res = await guide(`/g/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.body).toContain(copy.guide.notFound);
      expect(res.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(res.headers["x-robots-tag"]).toContain("noindex");
    }
  });

  it("shows the OPEN-58 inactive page (404, noindex) when not Live: unpublished or subscription ended", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await guideWithContent(t, user);
    await api(user, "PATCH", `/api/properties/${propertyId}`, { published: false });
    let res = await guide(`/g/${propertyId}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(copy.guide.inactive);
    expect(res.body).not.toContain(SECRET);
    expect(res.headers["x-robots-tag"]).toContain("noindex");

    await api(user, "PATCH", `/api/properties/${propertyId}`, { published: true });
    expect((await guide(`/g/${propertyId}`)).statusCode).toBe(200);
    await setAccountState(t.ctx, user.accountId, {
      trialEndsAt: new Date(t.clock.now.getTime() - 1000),
      hasSubscription: false,
    });
    res = await guide(`/g/${propertyId}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(SECRET);
  });

  it("uses company branding when the property uses the company profile (GUIDE-12, CO-07)", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    await buildCompany(t.ctx, user, "Harbour Stays");
    await api(user, "PATCH", `/api/properties/${propertyId}`, { companyProfile: true, hexPrimary: "#123456" });
    const { companies } = await import("../db/schema/company.ts");
    // A landscape logo as the home-screen icon: the manifest still gets square icons of the sizes it names.
    const iconKey = `accounts/${user.accountId}/company/icon-0123456789abcdef.webp`;
    const sharp = (await import("sharp")).default;
    await t.ctx.storage.put(
      iconKey,
      await sharp(await makePng(640, 360))
        .webp()
        .toBuffer(),
      "image/webp",
    );
    await t.ctx.db
      .update(companies)
      .set({ hexPrimary: "#FFD400", backgroundHex: "#002244", fontHex: "#FFFFFF", iconKey })
      .where(eq(companies.accountId, user.accountId));
    const html = (await guide(`/g/${propertyId}`)).body;
    expect(html).toContain("--p:#FFD400;--on-p:#000000");
    expect(html).toContain("--bg:#002244;--on-bg:#FFFFFF");
    expect(html).toContain("Harbour Stays");
    const manifest = await guide(`/g/${propertyId}/manifest.webmanifest`);
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toMatchObject({
      start_url: `/g/${propertyId}`,
      scope: `/g/${propertyId}`,
      background_color: "#002244",
      theme_color: "#FFD400",
    });
    expect(manifest.json().name).toContain("Harbour Stays");
    for (const icon of manifest.json().icons as { src: string; sizes: string; type: string }[]) {
      const file = await guide(icon.src);
      expect(file.headers["content-type"]).toBe(icon.type);
      const meta = await sharp(file.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
    expect((manifest.json().icons as unknown[]).length).toBe(2);
    expect(html).toContain(`<link rel="apple-touch-icon" href="/files/${iconKey}?icon=192"/>`);
  });

  it("preloads the cover at high priority with its srcset, made at upload, never lazy; item photos below it load lazily", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await guideWithContent(t, user);
    const upload = async (url: string, filename: string, body: Buffer) => {
      const { payload, headers } = multipart([{ field: "file", filename, contentType: "image/png", body }]);
      const res = await t.app.inject({ method: "PUT", url, headers: { ...headers, cookie: user.cookie }, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    await upload(`/api/properties/${propertyId}/cover`, "cover.png", await makePng(1600, 900));
    const item = await api(user, "POST", `/api/properties/${propertyId}/content/items`, {
      categoryLabel: "arrival",
      title: "The front door",
    });
    expect(item.statusCode, item.body).toBe(201);
    const itemId = (item.json() as { item: { id: string } }).item.id;
    await upload(
      `/api/properties/${propertyId}/content/items/${itemId}/media/image`,
      "door.png",
      await makePng(1200, 800),
    );

    const html = (await guide(`/g/${propertyId}`)).body;
    const head = html.slice(0, html.indexOf("</head>"));
    const preload = head.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preload).toHaveLength(1);
    const cover = html.match(/<div class="cover"><img [^>]*>/)?.[0] ?? "";
    const coverSrcset = cover.match(/srcSet="([^"]+)"/)?.[1];
    expect(coverSrcset).toMatch(/^\/files\/\S+\?w=450 450w, .*\?w=1200 1200w$/);
    expect(cover).toContain('sizes="100vw"');
    expect(cover).toContain('fetchPriority="high"');
    expect(cover).not.toContain("loading=");
    // The preload asks for exactly what the <img> will: the same candidates, sizes and priority.
    expect(preload[0]).toContain(`imageSrcSet="${coverSrcset}"`);
    expect(preload[0]).toContain('imageSizes="100vw"');
    expect(preload[0]).toContain('fetchPriority="high"');
    // Every candidate was made with the upload, so no guest waits for a resize (nothing has asked for one yet).
    const coverKey = coverSrcset!.match(/^\/files\/(\S+)\?w=/)![1]!;
    for (const width of COVER_IMAGE_WIDTHS) {
      expect(await t.ctx.storage.stat(`${coverKey}.w${width}.webp`), String(width)).not.toBeNull();
    }
    // Item photos are below the cover and the title: lazy, at default priority.
    const photos = html.slice(html.indexOf("</header>")).match(/<img [^>]*>/g) ?? [];
    expect(photos.length).toBeGreaterThan(0);
    for (const photo of photos) {
      expect(photo).toContain('loading="lazy"');
      expect(photo).not.toContain("fetchPriority");
    }
    // Without a cover there is nothing to preload.
    const bare = await buildProperty(t.app, user, { title: "No Cover" });
    expect((await guide(`/g/${bare.propertyId}`)).body).not.toContain('rel="preload"');
  });
});

describe("compression and caching", () => {
  it("sends the page and the script compressed when the browser accepts it, each encoding with its own ETag", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await guideWithContent(t, user);
    const plain = await guide(`/g/${propertyId}`);
    const br = await guide(`/g/${propertyId}`, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const gz = await guide(`/g/${propertyId}`, { "accept-encoding": "gzip" });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // Revalidation answers 304 for the encoding the browser holds.
    expect(
      (await guide(`/g/${propertyId}`, { "accept-encoding": "br", "if-none-match": String(br.headers.etag) }))
        .statusCode,
    ).toBe(304);
    expect(
      (await guide(`/g/${propertyId}`, { "accept-encoding": "gzip", "if-none-match": String(br.headers.etag) }))
        .statusCode,
    ).toBe(200);
    const script = /data-script="([^"]+)"/.exec(plain.body)![1]!;
    const js = await guide(script, { "accept-encoding": "br" });
    expect(js.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(js.rawPayload).toString()).toBe((await guide(script)).body);
  });
});

describe("XSS corpus in the guide (CONT-19)", () => {
  it(`renders ${PAYLOADS.length} payloads in titles, rich text, translations and sub-items harmless, in every language`, async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user, { title: "Payload Flat" });
    await api(user, "PATCH", `/api/properties/${propertyId}`, {
      languageTranslations: ["fr"],
      displayAddress: PAYLOADS[0],
    });
    for (const payload of PAYLOADS) {
      const res = await api(user, "POST", `/api/properties/${propertyId}/content/items`, {
        categoryLabel: "house-rules",
        title: `Rule ${payload}`,
        detailText: `<p>ok</p>${payload}`,
        describe: payload,
        translations: [{ language: "fr", action: "create", title: `Règle ${payload}`, detailText: payload }],
        subItems: [
          { action: "create", type: "text", detailText: `Text ${payload}` },
          { action: "create", type: "button", buttonLabel: `Go ${payload}`, buttonLink: "https://example.com" },
        ],
      });
      expect(res.statusCode, payload).toBe(201);
    }
    for (const lang of ["en", "fr"]) {
      const html = (await guide(`/g/${propertyId}?lang=${lang}`)).body;
      expect(html).toContain("<h1>Payload Flat</h1>");
      // Exactly our one script (the loader); no handler attribute, no script URL, nothing that loads or frames.
      expect(html.match(/<script\b/gi)).toHaveLength(1);
      expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/(href|src|action|data)\s*=\s*"\s*(javascript|vbscript|data):/i);
      expect(html).toContain(`<script>${SCRIPT_LOADER}</script>`);
      const body = html.slice(html.indexOf("<body")).replace(`<script>${SCRIPT_LOADER}</script>`, "");
      expect(body).not.toMatch(
        /<\s*(iframe|object|embed|math|base|meta|form|template|link|style|img|video|source|script)\b/i,
      );
      // The page's own chrome has icons, the search field and the sections menu; the host's content has none.
      const content = body.slice(body.indexOf('<section class="cat"'), body.indexOf("</main>"));
      expect(content).toContain('<article class="item"');
      expect(content).not.toMatch(
        /<\s*(iframe|object|embed|svg|math|base|meta|form|input|template|details|link|style|img|video|source|script)\b/i,
      );
      expect(body.match(/<h1\b/g)).toHaveLength(1);
    }
  });
});

describe("Wi-Fi", () => {
  it("offers the join QR code and the copy button in every language, read from the English details", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user, { title: "Wifi Flat" });
    await api(user, "PATCH", `/api/properties/${propertyId}`, { languageTranslations: ["fr"] });
    const res = await api(user, "POST", `/api/properties/${propertyId}/content/items`, {
      categoryLabel: "wifi-and-tech",
      templateLabel: "wifi",
      title: "Wi-Fi",
      detailText: "<p>Network: <strong>SeaView</strong><br>Password: <strong>sunshine42</strong></p>",
      translations: [
        {
          language: "fr",
          action: "create",
          title: "Wi-Fi",
          detailText: "<p>Réseau : <strong>SeaView</strong><br>Mot de passe : <strong>sunshine42</strong></p>",
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    for (const lang of ["en", "fr"]) {
      const html = (await guide(`/g/${propertyId}?lang=${lang}`)).body;
      expect(html, lang).toContain('data-copy="sunshine42"');
      expect(html, lang).toContain(`aria-label="${guideLabels(lang).guide.wifiQr("SeaView")}"`);
    }
  });
});

describe("languages (GUIDE-08/09)", () => {
  it("opens in the default language, the browser's when offered, or ?lang; lists English and the translations", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await guideWithContent(t, user);
    const en = (await guide(`/g/${propertyId}`, { "accept-language": "ja, es;q=0.8" })).body;
    expect(en).toContain('<html lang="en"');
    expect(en).toContain(SECRET);
    // Each language by its own name (GUIDE-08).
    for (const name of ["English", "Français", "Deutsch"]) expect(en).toContain(`>${name}</a>`);
    const fr = (await guide(`/g/${propertyId}`, { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" })).body;
    expect(fr).toContain('<html lang="fr"');
    expect(fr).toContain("Entrer");
    expect(fr).toContain("Code de la boîte 4821");
    const asked = (await guide(`/g/${propertyId}?lang=en`, { "accept-language": "fr" })).body;
    expect(asked).toContain("Getting in");
    // Without a translation provider, an item nobody translated shows in English, marked once (OPEN-44).
    const de = (await guide(`/g/${propertyId}?lang=de`)).body;
    expect(de).toContain("Getting in");
    expect(de).toContain(guideLabels("de").guide.untranslatedNotice);
    expect(en).not.toContain('class="untranslated"');
    await api(user, "PATCH", `/api/properties/${propertyId}`, { defaultLanguage: "fr" });
    expect((await guide(`/g/${propertyId}`)).body).toContain('<html lang="fr"');
  });
});

describe("offline and install", () => {
  it("serves the service worker for the guide's scope and the hashed script", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await guideWithContent(t, user);
    const page = (await guide(`/g/${propertyId}`)).body;
    expect(page).toContain(`data-sw="1"`);
    expect(page).toContain(`<link rel="manifest" href="/g/${propertyId}/manifest.webmanifest"/>`);
    const script = /data-script="(\/g\/_\/guide-[0-9a-f]+\.js)"/.exec(page)![1]!;
    const js = await guide(script);
    expect(js.statusCode).toBe(200);
    expect(js.headers["cache-control"]).toContain("immutable");
    expect((await guide("/g/_/guide-0000000000.js")).statusCode).toBe(404);
    const sw = await guide(`/g/${propertyId}/sw.js`);
    expect(sw.headers["service-worker-allowed"]).toBe(`/g/${propertyId}`);
    expect(sw.body).toContain(script);
    const row = (await t.ctx.db.select().from(properties).where(eq(properties.propertyId, propertyId)))[0]!;
    expect((await guide(`/g/${row.propertyId}/manifest.webmanifest`)).json().name).toBe("Harbour Loft");
    expect((await guide(`/g/no-such-guide/manifest.webmanifest`)).statusCode).toBe(404);
  });
});

describe("on the guide host (GUIDE-04, OPEN-58)", () => {
  let hosted: TestApp;
  beforeAll(async () => {
    hosted = await createTestApp({ configure: (c) => ({ ...c, guide: { ...c.guide, host: "guides.example" } }) });
  });
  afterAll(() => hosted.close());

  it("serves /{PropertyID} on the guide host, keeps /g/ on the dashboard host, and sends QR scans there", async () => {
    const user = await buildUser(hosted.ctx);
    const { propertyId } = await buildProperty(hosted.app, user, { title: "Host Flat" });
    const onHost = await hosted.app.inject({
      method: "GET",
      url: `/${propertyId}`,
      headers: { host: "guides.example" },
    });
    expect(onHost.statusCode).toBe(200);
    expect(onHost.body).toContain("<h1>Host Flat</h1>");
    expect(onHost.body).toContain(`data-base="/${propertyId}"`);
    expect(
      (await hosted.app.inject({ method: "GET", url: `/${propertyId}/sw.js`, headers: { host: "guides.example" } }))
        .headers["service-worker-allowed"],
    ).toBe(`/${propertyId}`);
    // The same path on the dashboard host is the dashboard (SPA), not a guide.
    const onDashboard = await hosted.app.inject({
      method: "GET",
      url: `/${propertyId}`,
      headers: { host: "localhost:3000" },
    });
    expect(onDashboard.body).not.toContain("<h1>Host Flat</h1>");
    const qr = await hosted.app.inject({ method: "GET", url: `/q/${propertyId}` });
    expect(qr.statusCode).toBe(302);
    expect(qr.headers.location).toBe(`http://guides.example/${propertyId}?utm_source=qr-code`);
    const details = (
      await hosted.app.inject({ method: "GET", url: `/api/properties/${propertyId}`, headers: { cookie: user.cookie } })
    ).json();
    expect(JSON.stringify(details)).toContain(`http://guides.example/${propertyId}`);
  });
});
