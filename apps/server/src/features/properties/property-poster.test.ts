import { inflateSync } from "node:zlib";
import { copy } from "@doorstep/shared/copy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, makePng, multipart, type TestUser } from "../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (user: TestUser, url: string) => t.app.inject({ method: "GET", url, headers: { cookie: user.cookie } });

async function posterProperty(user: TestUser, options: { cover: boolean; passcode: boolean }) {
  const { propertyId } = await buildProperty(t.app, user, { title: "Harbour & Sons <Loft>" });
  if (options.cover) {
    const body = await makePng(800, 500);
    const form = multipart([{ field: "file", filename: "cover.png", contentType: "image/png", body }]);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/properties/${propertyId}/cover`,
      headers: { ...form.headers, cookie: user.cookie },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  if (options.passcode) {
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/properties/${propertyId}/passcode`,
      headers: { cookie: user.cookie },
      payload: { passcode: "482193" },
    });
    expect(res.statusCode).toBeLessThan(300);
  }
  return propertyId;
}

/** The text a PDF draws: its content streams inflated, the hex and literal strings of each TJ/Tj read as Latin-1. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(match[1]!, "latin1")).toString("latin1");
    } catch {
      body = match[1]!;
    }
    for (const shown of body.matchAll(/\[(.*?)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:[^()\\]|\\.)*\))\s*Tj/g)) {
      const parts = (shown[1] ?? shown[2] ?? "").match(/<[0-9a-fA-F]*>|\((?:[^()\\]|\\.)*\)/g) ?? [];
      texts.push(
        parts
          .map((p) => (p.startsWith("<") ? Buffer.from(p.slice(1, -1), "hex").toString("latin1") : p.slice(1, -1)))
          .join(""),
      );
    }
  }
  return texts.join("\n");
}

const mediaBox = (pdf: Buffer) => /\/MediaBox \[([\d. ]+)\]/.exec(pdf.toString("latin1"))?.[1]?.split(" ").map(Number);

describe("printable poster (PROP-23, issue 18)", () => {
  it("PDF on A4 and US Letter: parses, one page of the right size, with title, web link and the passcode note", async () => {
    const user = await buildUser(t.ctx);
    const propertyId = await posterProperty(user, { cover: true, passcode: true });
    const a4 = await get(user, `/api/properties/${propertyId}/poster.pdf`);
    expect(a4.statusCode).toBe(200);
    expect(a4.headers["content-type"]).toBe("application/pdf");
    expect(a4.headers["content-disposition"]).toBe(`attachment; filename="${propertyId}-poster-a4.pdf"`);
    const pdf = a4.rawPayload;
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true);
    expect(pdf.toString("latin1").match(/\/Type \/Page\b/g)).toHaveLength(1);
    const [, , w, h] = mediaBox(pdf)!;
    expect([Math.round(w!), Math.round(h!)]).toEqual([595, 842]);
    const text = pdfText(pdf);
    expect(text).toContain("Harbour & Sons <Loft>");
    expect(text).toContain(copy.properties.posterOpen(`http://localhost:3000/g/${propertyId}`));
    expect(text).toContain(copy.properties.posterPasscode);
    expect(text).not.toContain("482193");
    // The cover photo is drawn as an image.
    expect(pdf.toString("latin1")).toMatch(/\/Subtype \/Image/);

    const letter = await get(user, `/api/properties/${propertyId}/poster.pdf?paper=letter`);
    expect(letter.headers["content-disposition"]).toBe(`attachment; filename="${propertyId}-poster-letter.pdf"`);
    const [, , lw, lh] = mediaBox(letter.rawPayload)!;
    expect([lw, lh]).toEqual([612, 792]);
    expect(pdfText(letter.rawPayload)).toContain(copy.properties.posterPasscode);
    expect((await get(user, `/api/properties/${propertyId}/poster.pdf?paper=a3`)).statusCode).toBe(400);
  });

  it("SVG on A4 and US Letter: cover embedded, title escaped, web link, passcode note only when one is set", async () => {
    const user = await buildUser(t.ctx);
    const withAll = await posterProperty(user, { cover: true, passcode: true });
    const a4 = await get(user, `/api/properties/${withAll}/poster.svg`);
    expect(a4.headers["content-type"]).toContain("image/svg+xml");
    expect(a4.body).toContain('width="210mm" height="297mm"');
    expect(a4.body).toContain("Harbour &amp; Sons &lt;Loft&gt;");
    expect(a4.body).not.toContain("<Loft>");
    expect(a4.body).toMatch(/<image [^>]*href="data:image\/jpeg;base64,/);
    expect(a4.body).toContain(copy.properties.posterOpen(`http://localhost:3000/g/${withAll}`));
    expect(a4.body).toContain(copy.properties.posterPasscode);
    const letter = await get(user, `/api/properties/${withAll}/poster.svg?paper=letter`);
    expect(letter.body).toContain('width="215.9mm" height="279.4mm"');

    const plain = await posterProperty(user, { cover: false, passcode: false });
    const bare = await get(user, `/api/properties/${plain}/poster.svg`);
    expect(bare.body).not.toContain("<image");
    expect(bare.body).not.toContain(copy.properties.posterPasscode);
    expect(pdfText((await get(user, `/api/properties/${plain}/poster.pdf`)).rawPayload)).not.toContain(
      copy.properties.posterPasscode,
    );
  });

  it("is the owner's only", async () => {
    const [owner, stranger] = [await buildUser(t.ctx), await buildUser(t.ctx)];
    const propertyId = await posterProperty(owner, { cover: false, passcode: false });
    expect((await get(stranger, `/api/properties/${propertyId}/poster.pdf`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/properties/${propertyId}/poster.pdf` })).statusCode).toBe(
      401,
    );
  });
});
