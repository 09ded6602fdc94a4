import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { stayDetailToken } from "@doorstep/shared/rules/stay-details";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../test/factories.ts";
import { runServiceWorker } from "../test/service-worker.ts";

type Method = "GET" | "POST" | "PATCH" | "PUT";

describe("restricted items: masked on the public guide, filled in on a stay's own guide (decision 042)", () => {
  let t: TestApp;
  let host: TestUser;
  let propertyId: string;
  const SECRET = "Lockbox behind the blue gate";
  beforeAll(async () => {
    t = await createTestApp();
    host = await buildUser(t.ctx);
    ({ propertyId } = await buildProperty(t.app, host, { title: "Harbour Loft" }));
    const door = await api("POST", `/api/properties/${propertyId}/content/items`, {
      categoryLabel: "arrival",
      title: "Door code",
      detailText: `<p>Hello ${stayDetailToken("guestFirstName")}, the code is ${stayDetailToken("doorCode")}.</p>`,
    });
    expect(door.statusCode, door.body).toBe(201);
    // A stay detail restricts the item by itself.
    expect(door.json().item.restricted).toBe(true);
    const ticked = await api("POST", `/api/properties/${propertyId}/content/items`, {
      categoryLabel: "arrival",
      title: "Key safe",
      detailText: `<p>${SECRET}</p>`,
      restricted: true,
    });
    expect(ticked.json().item.restricted).toBe(true);
    const open = await api("POST", `/api/properties/${propertyId}/content/items`, {
      categoryLabel: "arrival",
      title: "Parking",
      detailText: "<p>Park on the quay.</p>",
    });
    expect(open.json().item.restricted).toBe(false);
  });
  afterAll(() => t.close());
  const api = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: host.cookie }, payload });
  const day = (n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  async function stayLink(from: number, to: number): Promise<string> {
    const res = await api("POST", "/api/stays", {
      propertyId,
      guestFirstName: "Ana",
      checkInDate: day(from),
      checkOutDate: day(to),
      doorCode: "7391",
    });
    expect(res.statusCode, res.body).toBe(201);
    return new URL((await api("GET", `/api/stays/${res.json().stay.id}/link`)).json().url).pathname;
  }

  it("leaves restricted text out of the public guide's page and JSON, titles kept", async () => {
    const page = await t.app.inject({ method: "GET", url: `/g/${propertyId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Door code");
    expect(page.body).toContain("Key safe");
    expect(page.body).toContain(copy.guestStay.restricted);
    expect(page.body).toContain("Park on the quay.");
    for (const hidden of [SECRET, "stay.doorCode", "the code is"]) expect(page.body).not.toContain(hidden);
    // The offline copy is this same page (the service worker stores what it is served): nothing more to leak.
    expect(page.headers["x-guide-offline"]).toBe("store");
    const json = await t.app.inject({ method: "GET", url: `/api/guide/${propertyId}` });
    expect(json.statusCode).toBe(200);
    expect(json.body).not.toContain(SECRET);
    expect(json.body).not.toContain("stay.doorCode");
    const items = json.json().sections.flatMap((s: { items: { title: string; restricted: boolean }[] }) => s.items);
    expect(items.find((i: { title: string }) => i.title === "Key safe")).toMatchObject({
      restricted: true,
      detailText: "",
    });
  });

  it("shows an ongoing stay the restricted items with its details filled in", async () => {
    const page = await t.app.inject({ method: "GET", url: await stayLink(-1, 2) });
    expect(page.body).toContain("Hello Ana, the code is 7391.");
    expect(page.body).toContain(SECRET);
    // Not masked: the note is only what the held parts become once the stay has ended (decision 043).
    expect(page.body).not.toContain(`<p class="restricted">`);
  });

  it("keeps a stay's page offline with its held parts marked by the stay's end (decision 043)", async () => {
    const path = await stayLink(-1, 2);
    const during = await t.app.inject({ method: "GET", url: path });
    expect(during.headers["x-guide-offline"]).toBe("store");
    const until = during.headers["x-guide-stay-until"] as string;
    // The end of the check-out day (the default), on the property's clock.
    expect(new Date(until).getTime()).toBeGreaterThan(t.clock.now.getTime() + 2 * 86_400_000 - 86_400_000);
    const held = [...during.body.matchAll(/<stay-held data-until="([^"]*)"[^>]*>([\s\S]*?)<\/stay-held>/g)];
    // The door code on the card and the two restricted items, each marked with the same end.
    expect(held).toHaveLength(3);
    for (const [, at] of held) expect(at).toBe(until);
    // Everything of the stay's own is inside them: cut them out and nothing is left to read.
    const cut = during.body.replace(/<stay-held[\s\S]*?<\/stay-held>/g, "");
    for (const secret of ["7391", SECRET, "the code is"]) expect(cut).not.toContain(secret);
    // The link's own worker, scoped to the link.
    const worker = await t.app.inject({ method: "GET", url: `${path}/sw.js` });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["service-worker-allowed"]).toBe(path);
    expect(worker.headers["content-type"]).toContain("javascript");
    expect(during.body).toContain(`data-sw-base="/s/`);
  });

  it("does not count the offline worker's copy of an open page as another opening", async () => {
    const res = await api("POST", "/api/stays", {
      propertyId,
      guestFirstName: "Ana",
      checkInDate: day(-1),
      checkOutDate: day(2),
    });
    const linkUrl = `/api/stays/${res.json().stay.id}/link`;
    const path = new URL((await api("GET", linkUrl)).json().url).pathname;
    await t.app.inject({ method: "GET", url: path });
    const kept = await t.app.inject({ method: "GET", url: path, headers: { "x-guide-offline-copy": "1" } });
    expect(kept.statusCode).toBe(200);
    expect((await api("GET", linkUrl)).json().openedCount).toBe(1);
  });

  it("stores nothing held before the reveal or after the stay, and purges an unknown link", async () => {
    for (const url of [await stayLink(30, 33), await stayLink(-4, -1)]) {
      const page = await t.app.inject({ method: "GET", url });
      expect(page.headers["x-guide-offline"]).toBe("store");
      expect(page.headers["x-guide-stay-until"]).toBeUndefined();
      expect(page.body).not.toContain("<stay-held");
    }
    const unknown = await t.app.inject({ method: "GET", url: "/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAC" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["x-guide-offline"]).toBe("purge");
  });

  it("masks them before the reveal and after the stay", async () => {
    for (const url of [await stayLink(30, 33), await stayLink(-4, -1)]) {
      const page = await t.app.inject({ method: "GET", url });
      expect(page.body).not.toContain(SECRET);
      expect(page.body).not.toContain("7391");
      expect(page.body).toContain(copy.guestStay.restricted);
    }
  });

  it("opens a passcode-protected guide without the passcode", async () => {
    expect(
      (await api("PUT", `/api/properties/${propertyId}/passcode`, { passcode: "042917" })).statusCode,
    ).toBeLessThan(300);
    const gate = await t.app.inject({ method: "GET", url: `/g/${propertyId}` });
    expect(gate.body).toContain(copy.guide.passcodeTitle);
    expect(gate.body).not.toContain("Park on the quay.");
    const page = await t.app.inject({ method: "GET", url: await stayLink(-1, 2) });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(copy.guide.passcodeTitle);
    expect(page.body).toContain("Park on the quay.");
    expect(page.body).toContain("Hello Ana, the code is 7391.");
  });

  it("answers the stay's guide as JSON, private and never indexed, with the details filled in during the stay", async () => {
    const path = await stayLink(-1, 2);
    const json = await t.app.inject({ method: "GET", url: `/api/stay-guide/${path.slice(3)}` });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers["cache-control"]).toBe("private, no-store");
    expect(json.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(json.headers["referrer-policy"]).toBe("no-referrer");
    expect(json.json().stay).toMatchObject({ welcome: "Welcome, Ana", phase: "during", doorCode: "7391" });
    expect(json.body).toContain("Hello Ana, the code is 7391.");
    const future = await t.app.inject({ method: "GET", url: `/api/stay-guide/${(await stayLink(30, 32)).slice(3)}` });
    expect(future.json().stay).toMatchObject({ phase: "before", doorCode: null });
    expect(future.body).not.toContain("7391");
    const unknown = await t.app.inject({ method: "GET", url: "/api/stay-guide/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB" });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("a stay's offline copy drops what only the stay may see when it ends, with no network (decision 043)", () => {
  let t: TestApp;
  let host: TestUser;
  let propertyId: string;
  beforeAll(async () => {
    t = await createTestApp();
    host = await buildUser(t.ctx);
    ({ propertyId } = await buildProperty(t.app, host, { title: "Harbour Loft" }));
    const door = await t.app.inject({
      method: "POST",
      url: `/api/properties/${propertyId}/content/items`,
      headers: { cookie: host.cookie },
      payload: {
        categoryLabel: "arrival",
        title: "Door code",
        detailText: `<p>The code is ${stayDetailToken("doorCode")}.</p>`,
      },
    });
    expect(door.statusCode, door.body).toBe(201);
  });
  afterAll(() => t.close());

  it("serves the copy with the code until the stay's end on the device's clock, then without it", async () => {
    const day = (n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/stays",
      headers: { cookie: host.cookie },
      payload: { propertyId, guestFirstName: "Ana", checkInDate: day(-1), checkOutDate: day(2), doorCode: "7391" },
    });
    const link = await t.app.inject({
      method: "GET",
      url: `/api/stays/${created.json().stay.id}/link`,
      headers: { cookie: host.cookie },
    });
    const path = new URL(link.json().url).pathname;
    const origin = "http://guide.test";
    const { worker, navigate } = runServiceWorker({
      origin,
      scope: path,
      server: async (url) => {
        const answer = await t.app.inject({ method: "GET", url: url.slice(origin.length) });
        const headers = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) if (value) headers.set(name, String(value));
        return new Response(answer.body, { status: answer.statusCode, headers });
      },
    });
    const online = await navigate(path);
    const until = Date.parse(online.headers.get("X-Guide-Stay-Until")!);
    expect(await online.text()).toContain("7391");

    // No signal, still during the stay: the stored copy, code and all.
    worker.online = false;
    worker.now = until - 60_000;
    const before = await (await navigate(path)).text();
    expect(before).toContain("The code is 7391.");
    expect(before).toContain('<dd class="code">7391</dd>');

    // Still no signal; the phone's clock passes the stay's end: the code is gone, the page says the stay ended.
    worker.now = until + 1;
    const after = await (await navigate(path)).text();
    expect(after).not.toContain("7391");
    expect(after).not.toContain("<stay-held");
    expect(after).toContain(`<p class="note">${copy.guestStay.ended.replace("'", "&#x27;")}</p>`);
    expect(after).toContain(`<p class="restricted">${copy.guestStay.restricted}</p>`);
    expect(after).toContain("Harbour Loft");
    // And the stored copy itself no longer holds it: a clock set back does not bring it back.
    worker.now = until - 60_000;
    expect(await (await navigate(path)).text()).not.toContain("7391");
    const stored = [...worker.store.values()].flatMap((entries) => [...entries.values()]);
    for (const response of stored) expect(await response.clone().text()).not.toContain("7391");
  });

  it("keeps the public guide offline without the restricted text, during a stay too", async () => {
    const origin = "http://guide.test";
    const path = `/g/${propertyId}`;
    const { worker, navigate } = runServiceWorker({
      origin,
      scope: path,
      server: async (url) => {
        const answer = await t.app.inject({ method: "GET", url: url.slice(origin.length) });
        return new Response(answer.body, {
          status: answer.statusCode,
          headers: { "X-Guide-Offline": String(answer.headers["x-guide-offline"]) },
        });
      },
    });
    expect(await (await navigate(path)).text()).toContain("Door code");
    const stored = [...worker.store.values()].flatMap((entries) => [...entries.values()]);
    const pages = await Promise.all(stored.map((response) => response.clone().text()));
    expect(pages.some((html) => html.includes(copy.guestStay.restricted))).toBe(true);
    for (const html of pages) {
      expect(html).not.toContain("The code is");
      expect(html).not.toContain("stay.doorCode");
      expect(html).not.toContain("<stay-held");
    }
  });
});
