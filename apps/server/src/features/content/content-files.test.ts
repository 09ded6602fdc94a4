import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SUB_ITEM_TYPES, type SubItemType } from "@doorstep/shared/rules/content";
import { contentItems, contentSubItems, contentTranslations } from "../../db/schema/content.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, makePng, multipart, type TestUser } from "../../test/factories.ts";
import { makeMp4, makePdf } from "../../test/media-fixtures.ts";

/**
 * Content files on the disk of the test DATA_DIR (CONT-23/29/30/31, FILE-05): a replaced or removed file
 * leaves the disk only after its transaction has committed, a save that fails deletes nothing, and deleting
 * an item deletes every file of it and of its sub-items.
 */
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
const mp4 = makeMp4();
const pdf = makePdf();
const FILES: Record<"image" | "video" | "document", () => Promise<{ body: Buffer; filename: string }>> = {
  image: async () => ({ body: await makePng(), filename: "photo.png" }),
  video: async () => ({ body: mp4, filename: "clip.mp4" }),
  document: async () => ({ body: pdf, filename: "guide.pdf" }),
};

const filesRoot = () => path.join(t.config.dataDir, "files");
const onDisk = (key: string | null) => key !== null && fs.existsSync(path.join(filesRoot(), key));
/** Every file under DATA_DIR/files, as storage keys. */
const allFiles = (): string[] =>
  fs.existsSync(filesRoot())
    ? (fs.readdirSync(filesRoot(), { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((e) => e.isFile())
        .map((e) => path.relative(filesRoot(), path.join(e.parentPath, e.name)))
        .sort()
    : [];

async function upload(propertyId: string, itemId: string, kind: "image" | "video" | "document", subItemId?: string) {
  const file = await FILES[kind]();
  const m = multipart([
    { field: "file", filename: file.filename, contentType: "application/octet-stream", body: file.body },
  ]);
  const url = `${base(propertyId)}/items/${itemId}${subItemId ? `/sub-items/${subItemId}` : ""}/media/${kind}`;
  return t.app.inject({ method: "PUT", url, payload: m.payload, headers: { ...m.headers, cookie: host.cookie } });
}

async function uploadOk(...args: Parameters<typeof upload>) {
  const res = await upload(...args);
  expect(res.statusCode, res.body).toBe(200);
}

const itemRow = async (id: string) =>
  (await t.ctx.db.select().from(contentItems).where(eq(contentItems.id, id)))[0] ?? null;
const subRows = (itemId: string) =>
  t.ctx.db.select().from(contentSubItems).where(eq(contentSubItems.itemId, itemId)).orderBy(contentSubItems.listRank);

/**
 * Records every storage deletion with the number of transactions open at that moment; a file deleted
 * while its save's transaction is open could be gone for a save that then rolls back.
 */
function watchDeletes() {
  const db = t.ctx.db;
  const storage = t.ctx.storage;
  const transaction = db.transaction.bind(db);
  const remove = storage.delete.bind(storage);
  const removePrefix = storage.deletePrefix.bind(storage);
  let open = 0;
  const deletes: { key: string; openTransactions: number }[] = [];
  db.transaction = ((...args: Parameters<typeof transaction>) => {
    open++;
    return transaction(...args).finally(() => open--);
  }) as typeof db.transaction;
  storage.delete = (key) => {
    deletes.push({ key, openTransactions: open });
    return remove(key);
  };
  storage.deletePrefix = (prefix) => {
    deletes.push({ key: prefix, openTransactions: open });
    return removePrefix(prefix);
  };
  return {
    deletes,
    restore: () => {
      db.transaction = transaction;
      storage.delete = remove;
      storage.deletePrefix = removePrefix;
    },
  };
}

/** Runs each transaction's work, then fails it as a commit would fail: everything in it rolls back. */
function failAtCommit(): () => void {
  const db = t.ctx.db;
  const transaction = db.transaction.bind(db);
  db.transaction = ((work: Parameters<typeof transaction>[0], config?: Parameters<typeof transaction>[1]) =>
    transaction(async (tx) => {
      await work(tx);
      throw new Error("test: the commit failed");
    }, config)) as typeof db.transaction;
  return () => void (db.transaction = transaction);
}

/** A sub-item of each type with what that type holds: its text fields, or a stored file. */
const FIELDS_OF: Record<SubItemType, object> = {
  text: { detailText: "Shoes off" },
  image: {},
  video: {},
  pdf: {},
  button: { buttonLabel: "Book", buttonLink: "https://example.com/book" },
  "internal-link": { internalLinkLabel: "Wi-Fi", internalLink: "/wifi-and-tech" },
};
const KIND_OF: Partial<Record<SubItemType, "image" | "video" | "document">> = {
  image: "image",
  video: "video",
  pdf: "document",
};

/** An item with one sub-item of every type, each file-carrying one holding its file. */
async function itemWithEverySubItemType(propertyId: string, title: string) {
  const res = await api("POST", `${base(propertyId)}/items`, {
    categoryLabel: "the-home",
    title,
    subItems: SUB_ITEM_TYPES.map((type) => ({ action: "create", type, ...FIELDS_OF[type] })),
  });
  expect(res.statusCode, res.body).toBe(201);
  const item = res.json().item as { id: string; subItems: { id: string; type: SubItemType }[] };
  for (const sub of item.subItems) {
    const kind = KIND_OF[sub.type];
    if (kind) await uploadOk(propertyId, item.id, kind, sub.id);
  }
  return item;
}

describe("content files on disk", () => {
  it("saving a sub-item of each type as another type drops the old type's fields and deletes its file after the commit (CONT-29)", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    const item = await itemWithEverySubItemType(propertyId, "Every type");
    const before = await subRows(item.id);
    const filesBefore = Object.fromEntries(
      before.map((r) => [r.id, [r.imageKey, r.videoKey, r.documentKey].find(Boolean) ?? null]),
    );
    for (const [id, key] of Object.entries(filesBefore))
      if (KIND_OF[before.find((r) => r.id === id)!.type]) expect(onDisk(key), key ?? id).toBe(true);

    // Each sub-item becomes the next type round the list: text→image→video→pdf→button→internal-link→text.
    const next = (type: SubItemType) => SUB_ITEM_TYPES[(SUB_ITEM_TYPES.indexOf(type) + 1) % SUB_ITEM_TYPES.length]!;
    const watch = watchDeletes();
    const res = await api("PATCH", `${base(propertyId)}/items/${item.id}`, {
      subItems: before.map((r) => ({ action: "update", id: r.id, type: next(r.type), ...FIELDS_OF[next(r.type)] })),
    }).finally(watch.restore);
    expect(res.statusCode, res.body).toBe(200);

    const after = await subRows(item.id);
    const textColumns = ["detailText", "buttonLabel", "buttonLink", "internalLinkLabel", "internalLink"] as const;
    for (const row of after) {
      const was = before.find((r) => r.id === row.id)!;
      expect(row.type).toBe(next(was.type));
      // Only the new type's text fields are set; no file is (a new file-carrying type starts empty).
      const own = Object.keys(FIELDS_OF[row.type]);
      for (const column of textColumns)
        expect(row[column] === null, `${was.type}→${row.type}: ${column}`).toBe(!own.includes(column));
      expect([row.imageKey, row.videoKey, row.documentKey], `${was.type}→${row.type}`).toEqual([null, null, null]);
      // The old type's file is gone from the disk.
      const oldFile = filesBefore[row.id] ?? null;
      if (oldFile) expect(onDisk(oldFile), `${was.type}→${row.type}: ${oldFile}`).toBe(false);
    }
    const deleted = watch.deletes.map((d) => d.key).sort();
    expect(deleted).toEqual(
      Object.values(filesBefore)
        .filter((k): k is string => k !== null)
        .sort(),
    );
    expect(watch.deletes.every((d) => d.openTransactions === 0)).toBe(true);
  });

  it("replaces and removes the image, video and PDF of an item and of its sub-items: the old file leaves the disk after the commit, the new one stays (CONT-21/23)", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    const item = await itemWithEverySubItemType(propertyId, "Cinema room");
    for (const kind of ["image", "video", "document"] as const) await uploadOk(propertyId, item.id, kind);
    const subOf = (type: SubItemType) => item.subItems.find((s) => s.type === type)!.id;
    const fileKeys = async () => {
      const row = (await itemRow(item.id))!;
      const subs = await subRows(item.id);
      const sub = (type: SubItemType) => subs.find((s) => s.type === type)!;
      return [
        row.imageKey,
        row.videoKey,
        row.documentKey,
        sub("image").imageKey,
        sub("video").videoKey,
        sub("pdf").documentKey,
      ];
    };
    const first = await fileKeys();
    // A resized variant is cached beside an image; it goes with it.
    expect((await t.app.inject({ url: `/files/${first[0]}?w=300` })).statusCode).toBe(200);
    expect(allFiles().filter((f) => f.startsWith(`${first[0]}.w`))).toHaveLength(1);

    const watch = watchDeletes();
    try {
      for (const subItemId of [undefined, subOf("image")]) await uploadOk(propertyId, item.id, "image", subItemId);
      for (const subItemId of [undefined, subOf("pdf")]) await uploadOk(propertyId, item.id, "document", subItemId);
      // CONT-21: a video is replaced by removing it first.
      for (const sub of ["", `/sub-items/${subOf("video")}`]) {
        expect((await api("DELETE", `${base(propertyId)}/items/${item.id}${sub}/media/video`)).statusCode).toBe(200);
      }
      for (const subItemId of [undefined, subOf("video")]) await uploadOk(propertyId, item.id, "video", subItemId);
    } finally {
      watch.restore();
    }
    const second = await fileKeys();
    for (const [i, key] of first.entries()) {
      expect(second[i]).not.toBe(key);
      expect(onDisk(key), key!).toBe(false);
      expect(onDisk(second[i]!), second[i]!).toBe(true);
    }
    expect(allFiles().filter((f) => f.startsWith(`${first[0]}.w`))).toEqual([]);
    expect(watch.deletes.map((d) => d.key).sort()).toEqual([...first].sort());
    expect(watch.deletes.every((d) => d.openTransactions === 0)).toBe(true);
  });

  it("a save that fails deletes nothing it would have replaced or removed (CONT-30)", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    const item = await itemWithEverySubItemType(propertyId, "Boathouse");
    await uploadOk(propertyId, item.id, "image");
    const rowsBefore = await subRows(item.id);
    const itemBefore = (await itemRow(item.id))!;
    const filesBefore = allFiles();
    expect(filesBefore.length).toBeGreaterThanOrEqual(4);
    const [image, video, pdfSub] = ["image", "video", "pdf"].map((type) => rowsBefore.find((r) => r.type === type)!);
    // Deletes the image sub-item and turns the video and PDF sub-items into text: three files to let go of.
    const letGo = [
      { action: "delete", id: image!.id },
      { action: "update", id: video!.id, type: "text", detailText: "Now text" },
      { action: "update", id: pdfSub!.id, type: "text", detailText: "Also text" },
    ];
    const unchanged = async () => {
      expect(await subRows(item.id)).toEqual(rowsBefore);
      expect(await itemRow(item.id)).toEqual(itemBefore);
      expect(allFiles()).toEqual(filesBefore);
    };

    const watch = watchDeletes();
    try {
      // One invalid sub-item (a button without its link) fails the whole save.
      const invalid = await api("PATCH", `${base(propertyId)}/items/${item.id}`, {
        subItems: [...letGo, { action: "create", type: "button", buttonLabel: "No link" }],
      });
      expect(invalid.statusCode).toBe(400);
      await unchanged();

      // A save that fails at its commit: the item save, a media replacement, a media removal, the item's deletion.
      const restore = failAtCommit();
      try {
        expect(
          (await api("PATCH", `${base(propertyId)}/items/${item.id}`, { title: "Renamed", subItems: letGo }))
            .statusCode,
        ).toBe(500);
        await unchanged();
        // The replacement upload was stored before its transaction; it alone is removed again.
        expect((await upload(propertyId, item.id, "image")).statusCode).toBe(500);
        await unchanged();
        expect((await upload(propertyId, item.id, "document", pdfSub!.id)).statusCode).toBe(500);
        await unchanged();
        expect((await api("DELETE", `${base(propertyId)}/items/${item.id}/media/image`)).statusCode).toBe(500);
        expect(
          (await api("DELETE", `${base(propertyId)}/items/${item.id}/sub-items/${image!.id}/media/image`)).statusCode,
        ).toBe(500);
        await unchanged();
        expect((await api("DELETE", `${base(propertyId)}/items/${item.id}`)).statusCode).toBe(500);
        await unchanged();
      } finally {
        restore();
      }
    } finally {
      watch.restore();
    }
    // Only the two unsaved uploads were ever deleted, after their transactions had ended.
    expect(watch.deletes).toHaveLength(2);
    expect(watch.deletes.every((d) => !filesBefore.includes(d.key) && d.openTransactions === 0)).toBe(true);

    // The same save, now committing, lets the three files go.
    const ok = await api("PATCH", `${base(propertyId)}/items/${item.id}`, { subItems: letGo });
    expect(ok.statusCode, ok.body).toBe(200);
    for (const key of [image!.imageKey, video!.videoKey, pdfSub!.documentKey]) expect(onDisk(key), key!).toBe(false);
    expect(onDisk(itemBefore.imageKey)).toBe(true);
  });

  it("deleting an item deletes its files and its sub-items' files, and no other item's (CONT-31, SHARED-13)", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    const item = await itemWithEverySubItemType(propertyId, "Garage");
    for (const kind of ["image", "video", "document"] as const) await uploadOk(propertyId, item.id, kind);
    const fr = await api("PATCH", `${base(propertyId)}/items/${item.id}`, {
      translations: [{ language: "fr", action: "create", title: "Garage" }],
    });
    expect(fr.statusCode).toBe(200);
    const row = (await itemRow(item.id))!;
    expect((await t.app.inject({ url: `/files/${row.imageKey}?w=300` })).statusCode).toBe(200);
    const keys = [
      row.imageKey,
      row.videoKey,
      row.documentKey,
      ...(await subRows(item.id)).flatMap((s) => [s.imageKey, s.videoKey, s.documentKey]),
    ].filter((k): k is string => k !== null);
    expect(keys).toHaveLength(6);
    const neighbour = await itemWithEverySubItemType(propertyId, "Shed");
    const neighbourFiles = allFiles().filter((f) => f.includes(neighbour.id));
    expect(neighbourFiles).toHaveLength(3);

    const watch = watchDeletes();
    const res = await api("DELETE", `${base(propertyId)}/items/${item.id}`).finally(watch.restore);
    expect(res.statusCode).toBe(204);
    for (const key of keys) expect(onDisk(key), key).toBe(false);
    // Nothing of the item is left on the disk: not a variant, not its folder.
    expect(allFiles().filter((f) => f.includes(item.id))).toEqual([]);
    expect(allFiles().filter((f) => f.includes(neighbour.id))).toEqual(neighbourFiles);
    expect(watch.deletes.every((d) => d.openTransactions === 0)).toBe(true);
    expect(await t.ctx.db.select().from(contentTranslations).where(eq(contentTranslations.itemId, item.id))).toEqual(
      [],
    );
    expect(await subRows(item.id)).toEqual([]);

    // A shared item's files go the same way, wherever it was attached.
    const sharedId = (await api("POST", "/api/shared-content")).json().propertyId;
    const shared = await itemWithEverySubItemType(sharedId, "Shared porch");
    await uploadOk(sharedId, shared.id, "image");
    expect((await api("PUT", `${base(propertyId)}/shared/${shared.id}`)).statusCode).toBe(200);
    expect(allFiles().filter((f) => f.includes(shared.id))).toHaveLength(4);
    expect((await api("DELETE", `${base(sharedId)}/items/${shared.id}`)).statusCode).toBe(204);
    expect(allFiles().filter((f) => f.includes(shared.id))).toEqual([]);
  });

  it("a file that cannot be deleted after the commit does not fail the save that let go of it", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    const item = (await api("POST", `${base(propertyId)}/items`, { categoryLabel: "arrival", title: "Gate" })).json()
      .item;
    await uploadOk(propertyId, item.id, "image");
    const old = (await itemRow(item.id))!.imageKey;
    const storage = t.ctx.storage;
    const remove = storage.delete.bind(storage);
    const removePrefix = storage.deletePrefix.bind(storage);
    storage.delete = () => Promise.reject(new Error("test: storage is down"));
    storage.deletePrefix = () => Promise.reject(new Error("test: storage is down"));
    try {
      const replaced = await upload(propertyId, item.id, "image");
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect((await itemRow(item.id))!.imageKey).not.toBe(old);
      expect((await api("DELETE", `${base(propertyId)}/items/${item.id}`)).statusCode).toBe(204);
      expect(await itemRow(item.id)).toBeNull();
    } finally {
      storage.delete = remove;
      storage.deletePrefix = removePrefix;
    }
  });
});
