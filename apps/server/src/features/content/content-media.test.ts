import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { properties } from "../../db/schema/properties.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, makePng, multipart, type TestUser } from "../../test/factories.ts";
import { makeMp4 } from "../../test/media-fixtures.ts";

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
