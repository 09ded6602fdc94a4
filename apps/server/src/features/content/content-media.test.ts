import { copy } from "@doorstep/shared/copy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { properties } from "../../db/schema/properties.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, makePng, multipart, type TestUser } from "../../test/factories.ts";
import { makeMp4, makePdf } from "../../test/media-fixtures.ts";

let t: TestApp;
let host: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  host = await buildUser(t.ctx);
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: host.cookie }, payload });
const base = (propertyId: string) => `/api/properties/${propertyId}/content`;
const upload = (url: string, body: Buffer, filename: string) => {
  const m = multipart([{ field: "file", filename, contentType: "application/octet-stream", body }]);
  return t.app.inject({ method: "PUT", url, payload: m.payload, headers: { ...m.headers, cookie: host.cookie } });
};
const mp4 = makeMp4();

/** Holds each transaction at its start until `count` of them are waiting, so their requests race. */
function raceTransactions(count: number): { restore: () => void; arrived: () => number } {
  const db = t.ctx.db;
  const transaction = db.transaction.bind(db);
  const waiting: (() => void)[] = [];
  db.transaction = ((...args: Parameters<typeof transaction>) =>
    new Promise<void>((enter) => {
      waiting.push(enter);
      if (waiting.length === count) waiting.forEach((open) => open());
    }).then(() => transaction(...args))) as typeof db.transaction;
  return { restore: () => void (db.transaction = transaction), arrived: () => waiting.length };
}

/** Holds the first transaction that starts until released; later ones pass. */
function holdFirstTransaction(): { arrived: Promise<void>; release: () => void; restore: () => void } {
  const db = t.ctx.db;
  const transaction = db.transaction.bind(db);
  let arrive!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  db.transaction = ((...args: Parameters<typeof transaction>) => {
    if (held) return transaction(...args);
    held = true;
    arrive();
    return released.then(() => transaction(...args));
  }) as typeof db.transaction;
  return { arrived, release, restore: () => void (db.transaction = transaction) };
}

/** Records the keys stored during `run`. */
async function storedDuring<T>(run: () => Promise<T>): Promise<{ result: T; keys: string[] }> {
  const storage = t.ctx.storage;
  const put = storage.put.bind(storage);
  const putFile = storage.putFile.bind(storage);
  const keys: string[] = [];
  storage.put = (key, body, type) => {
    keys.push(key);
    return put(key, body, type);
  };
  storage.putFile = (key, file, type) => {
    keys.push(key);
    return putFile(key, file, type);
  };
  try {
    return { result: await run(), keys };
  } finally {
    storage.put = put;
    storage.putFile = putFile;
  }
}

describe("content media (CONT-21/23, FILE-05)", () => {
  it("uploads media checked by content, refuses a second video, replaces and deletes files (CONT-21/23, OPEN-56)", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    const created = await api("POST", `${base(propertyId)}/items`, {
      categoryLabel: "entertainment",
      title: "Projector",
      subItems: [{ action: "create", type: "pdf" }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json().item;
    const put = (kind: string, body: Buffer, filename: string, sub?: string) =>
      upload(`${base(propertyId)}/items/${item.id}${sub ? `/sub-items/${sub}` : ""}/media/${kind}`, body, filename);
    const first = await put("image", await makePng(), "a.png");
    expect(first.statusCode, first.body).toBe(200);
    const firstKey = first.json().item.imageUrl.replace("/files/", "");
    const second = await put("image", await makePng(60, 40), "b.png");
    expect(await t.ctx.storage.get(firstKey)).toBeNull();
    expect(second.json().item.contentVersion).toBe(3);

    const video = await put("video", mp4, "clip.mp4");
    expect(video.statusCode, video.body).toBe(200);
    expect(video.json().item.hasVideo).toBe(true);
    const again = await put("video", mp4, "clip.mp4");
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("VIDEO_EXISTS");
    const notVideo = await api("DELETE", `${base(propertyId)}/items/${item.id}/media/video`);
    expect(notVideo.json().item.hasVideo).toBe(false);
    expect((await put("video", Buffer.from("%PDF-1.4 not a video at all"), "x.mp4")).statusCode).toBe(415);
    // Magic bytes alone are not a video: the container is probed.
    const ftypOnly = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(64)]);
    const fake = await put("video", ftypOnly, "fake.mp4");
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toBe(copy.content.videoType);

    const sub = item.subItems[0].id;
    expect((await put("document", Buffer.from("GIF89a not a pdf"), "x.pdf", sub)).statusCode).toBe(415);
    expect((await put("document", Buffer.from("%PDF-1.7\n1 0 obj\n"), "cut.pdf", sub)).statusCode).toBe(415);
    const script = await put("document", makePdf("/OpenAction << /S /JavaScript /JS (app.alert(1)) >> "), "s.pdf", sub);
    expect(script.statusCode).toBe(415);
    expect(script.json().error.message).toBe(copy.content.pdfActive);
    // A PDF that acts by itself on opening (no script) is kept, and served only as a download.
    const auto = await put("document", makePdf("/OpenAction [3 0 R /Fit] "), "auto.pdf", sub);
    expect(auto.statusCode, auto.body).toBe(200);
    const autoUrl = auto.json().item.subItems[0].documentUrl as string;
    const served = await t.app.inject({ method: "GET", url: autoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.headers["content-disposition"]).toBe("attachment");
    const pdf = await put("document", makePdf(), "menu.pdf", sub);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json().item.subItems[0].documentUrl).toMatch(/\.pdf$/);
    const inline = await t.app.inject({ method: "GET", url: pdf.json().item.subItems[0].documentUrl });
    expect(inline.headers["content-disposition"]).toBe("inline");
    expect((await put("image", await makePng(), "a.png", sub)).statusCode).toBe(400);
  });

  it("of two racing video uploads keeps one: the other is VIDEO_EXISTS and its stored file is deleted again", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    const item = (
      await api("POST", `${base(propertyId)}/items`, { categoryLabel: "entertainment", title: "TV" })
    ).json().item;
    const url = `${base(propertyId)}/items/${item.id}/media/video`;
    const race = raceTransactions(2);
    const { result, keys } = await storedDuring(() =>
      Promise.all([upload(url, mp4, "a.mp4"), upload(url, mp4, "b.mp4")]),
    ).finally(race.restore);
    expect(race.arrived()).toBe(2);
    expect(result.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(result.find((r) => r.statusCode === 409)!.json().error.code).toBe("VIDEO_EXISTS");
    // Both uploads were stored before their transactions; only the winner's file is left.
    expect(keys).toHaveLength(2);
    const present = await Promise.all(keys.map((k) => t.ctx.storage.stat(k)));
    expect(present.filter(Boolean)).toHaveLength(1);
    const after = (await api("GET", `${base(propertyId)}/items/${item.id}`)).json().item;
    expect(after).toMatchObject({ hasVideo: true, contentVersion: 2 });
  });

  it("deletes a stored image again when its save fails (the sub-item was deleted meanwhile)", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    const item = (
      await api("POST", `${base(propertyId)}/items`, {
        categoryLabel: "the-home",
        title: "Hall",
        subItems: [{ action: "create", type: "image" }],
      })
    ).json().item;
    const sub = item.subItems[0].id;
    const hold = holdFirstTransaction();
    const { result, keys } = await storedDuring(async () => {
      const uploading = upload(
        `${base(propertyId)}/items/${item.id}/sub-items/${sub}/media/image`,
        await makePng(),
        "hall.png",
      );
      // The upload is stored and waits at its transaction while another save deletes the sub-item.
      await hold.arrived;
      const deleted = await api("PATCH", `${base(propertyId)}/items/${item.id}`, {
        subItems: [{ action: "delete", id: sub }],
      });
      hold.release();
      return [await uploading, deleted];
    }).finally(hold.restore);
    expect(result.map((r) => r.statusCode)).toEqual([404, 200]);
    expect(keys).toHaveLength(1);
    expect(await t.ctx.storage.stat(keys[0]!)).toBeNull();
  });

  it("refuses an upload whose sub-item became another type meanwhile, and deletes the stored file again (CONT-29)", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    const item = (
      await api("POST", `${base(propertyId)}/items`, {
        categoryLabel: "the-home",
        title: "Stairs",
        subItems: [{ action: "create", type: "image" }],
      })
    ).json().item;
    const sub = item.subItems[0].id;
    const hold = holdFirstTransaction();
    const { result, keys } = await storedDuring(async () => {
      const uploading = upload(
        `${base(propertyId)}/items/${item.id}/sub-items/${sub}/media/image`,
        await makePng(),
        "stairs.png",
      );
      // The upload is stored and waits at its transaction while another save makes the sub-item a text.
      await hold.arrived;
      const changed = await api("PATCH", `${base(propertyId)}/items/${item.id}`, {
        subItems: [{ action: "update", id: sub, type: "text", detailText: "Mind the step" }],
      });
      hold.release();
      return [await uploading, changed];
    }).finally(hold.restore);
    expect(result.map((r) => r.statusCode)).toEqual([400, 200]);
    expect(keys).toHaveLength(1);
    expect(await t.ctx.storage.stat(keys[0]!)).toBeNull();
    const after = (await api("GET", `${base(propertyId)}/items/${item.id}`)).json().item;
    expect(after.subItems).toEqual([
      expect.objectContaining({ id: sub, type: "text", detailText: "Mind the step", imageUrl: null }),
    ]);
  });

  it("marks every property a shared item is attached to as changed when its media change (HOME-22)", async () => {
    const sharedId = (await api("POST", "/api/shared-content")).json().propertyId;
    const { propertyId } = await buildProperty(t.app, host);
    const item = (await api("POST", `${base(sharedId)}/items`, { categoryLabel: "arrival", title: "Door code" })).json()
      .item;
    expect((await api("PUT", `${base(propertyId)}/shared/${item.id}`)).statusCode).toBe(200);
    const changedAt = async () =>
      (
        await t.ctx.db
          .select({ at: properties.updatedAt })
          .from(properties)
          .where(eq(properties.propertyId, propertyId))
      )[0]!.at.getTime();
    const before = await changedAt();
    t.clock.advance(60_000);
    expect(
      (await upload(`${base(sharedId)}/items/${item.id}/media/image`, await makePng(), "door.png")).statusCode,
    ).toBe(200);
    const afterUpload = await changedAt();
    expect(afterUpload).toBeGreaterThan(before);
    t.clock.advance(60_000);
    expect((await api("DELETE", `${base(sharedId)}/items/${item.id}/media/image`)).statusCode).toBe(200);
    expect(await changedAt()).toBeGreaterThan(afterUpload);
  });
});
