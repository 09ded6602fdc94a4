import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import type { Caller } from "../../app-context.ts";
import { managers } from "../../db/schema/managers.ts";
import { properties } from "../../db/schema/properties.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildManager, buildUser, makePng, multipart, type TestUser } from "../../test/factories.ts";
import { createManager, ensureDefaultManager } from "./manager.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const callerOf = (user: TestUser): Caller => ({ userId: user.id, accountId: user.accountId, sessionId: "test" });
const send = (user: TestUser, method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
const list = async (user: TestUser) =>
  (await send(user, "GET", "/api/managers")).json().items as { vanityId: string; [k: string]: unknown }[];
const managerRow = async (vanityId: string) =>
  (await t.ctx.db.select().from(managers).where(eq(managers.vanityId, vanityId)))[0];

/** A property row straight in the database (the properties feature owns the API for them). */
async function insertProperty(
  owner: TestUser,
  managerId: string | null,
  title: string,
  archived = false,
): Promise<string> {
  const propertyId = `p-${Math.random().toString(36).slice(2, 10)}`;
  await t.ctx.db.insert(properties).values({
    accountId: owner.accountId,
    propertyId,
    title,
    guideSessionToken: "test-token",
    managerId,
    archivedAt: archived ? new Date() : null,
  });
  return propertyId;
}

const uploadPhoto = async (user: TestUser, vanityId: string) => {
  const { payload, headers } = multipart([
    { field: "file", filename: "face.png", contentType: "image/png", body: await makePng() },
  ]);
  return t.app.inject({
    method: "PUT",
    url: `/api/managers/${vanityId}/photo`,
    headers: { ...headers, cookie: user.cookie },
    payload,
  });
};
const filePath = (url: string) => path.join(t.config.dataDir, "files", url.replace("/files/", ""));

describe("POST /api/managers and GET /api/managers/:vanityId (MGR-04…07)", () => {
  it("creates a manager with an 8-digit vanity id and reads it back", async () => {
    const user = await buildUser(t.ctx);
    const res = await send(user, "POST", "/api/managers", { firstName: " Priya ", lastName: "Shah" });
    expect(res.statusCode).toBe(201);
    const { manager } = res.json();
    expect(manager).toEqual({
      vanityId: expect.stringMatching(/^\d{8}$/),
      firstName: "Priya",
      lastName: "Shah",
      photoUrl: null,
      email: null,
      tel: null,
      messageAppName: null,
      messageAppLink: null,
      isDefault: false,
      propertyCount: 0,
      properties: [],
    });
    const got = await send(user, "GET", `/api/managers/${manager.vanityId}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().manager).toEqual(manager);
  });

  it("requires both names (MGR-04)", async () => {
    const user = await buildUser(t.ctx);
    for (const payload of [{ firstName: "Priya" }, { firstName: "Priya", lastName: " " }, {}]) {
      const res = await send(user, "POST", "/api/managers", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
    expect(await list(user)).toEqual([]);
  });

  it("draws another vanity id when the first is taken (MGR-06)", async () => {
    const user = await buildUser(t.ctx);
    const taken = await buildManager(t.ctx, await buildUser(t.ctx));
    const ids = [taken.vanityId, taken.vanityId, "12345670"];
    const created = await createManager(t.ctx, callerOf(user), { firstName: "A", lastName: "B" }, () => ids.shift()!);
    expect(created.vanityId).toBe("12345670");
    expect((await managerRow(taken.vanityId))!.accountId).not.toBe(user.accountId);
  });
});

describe("GET /api/managers (MGR-02, MGR-13)", () => {
  it("lists the account's managers, default first then by first name, with counts of their live properties", async () => {
    const user = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    const zoe = await buildManager(t.ctx, user, { firstName: "Zoe" });
    const adam = await buildManager(t.ctx, user, { firstName: "adam" });
    const host = await buildManager(t.ctx, user, { firstName: "Mia", isDefault: true });
    await buildManager(t.ctx, other, { firstName: "Aaron" });
    const beach = await insertProperty(user, zoe.id, "Beach Hut");
    const attic = await insertProperty(user, zoe.id, "Attic Flat");
    await insertProperty(user, zoe.id, "Old Barn", true); // archived: not counted
    await insertProperty(user, host.id, "Lake House");
    await insertProperty(user, null, "Unmanaged");

    const res = (await send(user, "GET", "/api/managers")).json();
    expect(res.nextCursor).toBeNull();
    const items = res.items as Record<string, unknown>[];
    expect(items.map((m) => m.firstName)).toEqual(["Mia", "adam", "Zoe"]);
    expect(items[0]).toMatchObject({ isDefault: true, propertyCount: 1 });
    expect(items[1]).toMatchObject({ vanityId: adam.vanityId, propertyCount: 0 });
    expect(items[2]).toMatchObject({ vanityId: zoe.vanityId, propertyCount: 2 });
    // The list carries counts only (docs/architecture.md §4); the profile names the properties.
    for (const item of items) expect(item).not.toHaveProperty("properties");
    expect((await send(user, "GET", `/api/managers/${zoe.vanityId}`)).json().manager).toMatchObject({
      propertyCount: 2,
      properties: [
        { propertyId: attic, title: "Attic Flat" },
        { propertyId: beach, title: "Beach Hut" },
      ],
    });
    expect((await list(other)).map((m) => m.firstName)).toEqual(["Aaron"]);
  });

  it("pages with a cursor: every manager once, in order, whatever the page size; a bad cursor is 400", async () => {
    const user = await buildUser(t.ctx);
    await buildManager(t.ctx, user, { firstName: "Host", isDefault: true });
    // Equal names on purpose: the id breaks ties, so none repeats or goes missing across pages.
    for (const firstName of ["Bo", "bo", "Bo", "Cy", "Al", "Di", "Al"])
      await buildManager(t.ctx, user, { firstName, lastName: "Lee" });
    const all = (await send(user, "GET", "/api/managers?limit=100")).json().items as {
      vanityId: string;
      firstName: string;
    }[];
    expect(all.map((m) => m.firstName.toLowerCase())).toEqual(["host", "al", "al", "bo", "bo", "bo", "cy", "di"]);
    for (const limit of [1, 3]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${cursor}` : "";
        const page = (await send(user, "GET", `/api/managers?limit=${limit}${query}`)).json();
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...page.items.map((m: { vanityId: string }) => m.vanityId));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, `limit ${limit}`).toEqual(all.map((m) => m.vanityId));
    }
    expect((await send(user, "GET", "/api/managers?cursor=not-a-cursor")).statusCode).toBe(400);
    expect((await send(user, "GET", "/api/managers?limit=1000")).statusCode).toBe(400);
  });

  it("names at most the first 100 properties on a profile, with the full count", async () => {
    const user = await buildUser(t.ctx);
    const busy = await buildManager(t.ctx, user, { firstName: "Busy" });
    await t.ctx.db.insert(properties).values(
      Array.from({ length: 105 }, (_, i) => ({
        accountId: user.accountId,
        propertyId: `busy-${user.accountId.slice(0, 8)}-${String(i).padStart(3, "0")}`,
        title: `Flat ${String(i).padStart(3, "0")}`,
        guideSessionToken: "test-token",
        managerId: busy.id,
      })),
    );
    const manager = (await send(user, "GET", `/api/managers/${busy.vanityId}`)).json().manager;
    expect(manager.propertyCount).toBe(105);
    expect(manager.properties).toHaveLength(100);
    expect(manager.properties[0].title).toBe("Flat 000");
    expect((await list(user)).find((m) => m.vanityId === busy.vanityId)).toMatchObject({ propertyCount: 105 });
  });
});

describe("PATCH /api/managers/:vanityId (MGR-08…10)", () => {
  it("updates the fields and clears email, phone and message link with blanks or null", async () => {
    const user = await buildUser(t.ctx);
    const { vanityId } = await buildManager(t.ctx, user);
    const full = {
      firstName: "Sam",
      lastName: "Lee",
      email: "sam@example.com",
      tel: "+44 20 7946 0000",
      messageAppName: "WhatsApp",
      messageAppLink: "https://wa.me/442079460000",
    };
    expect((await send(user, "PATCH", `/api/managers/${vanityId}`, full)).statusCode).toBe(204);
    expect((await send(user, "GET", `/api/managers/${vanityId}`)).json().manager).toMatchObject({
      ...full,
      tel: "+442079460000",
    });
    const abc = await send(user, "PATCH", `/api/managers/${vanityId}`, { tel: "abc" });
    expect(abc.statusCode).toBe(400);
    expect(abc.body).toContain(copy.phone.noDigits);

    const cleared = await send(user, "PATCH", `/api/managers/${vanityId}`, {
      email: "",
      tel: " ",
      messageAppLink: "",
      messageAppName: null,
    });
    expect(cleared.statusCode).toBe(204);
    expect((await send(user, "GET", `/api/managers/${vanityId}`)).json().manager).toMatchObject({
      firstName: "Sam",
      lastName: "Lee",
      email: null,
      tel: null,
      messageAppName: null,
      messageAppLink: null,
    });
    expect((await send(user, "PATCH", `/api/managers/${vanityId}`, { email: "x@example.com" })).statusCode).toBe(204);
    expect((await send(user, "PATCH", `/api/managers/${vanityId}`, { email: null })).statusCode).toBe(204);
    expect((await send(user, "GET", `/api/managers/${vanityId}`)).json().manager.email).toBeNull();
  });

  it("refuses an invalid email or link, a blank name, unknown fields and an empty patch", async () => {
    const user = await buildUser(t.ctx);
    const { vanityId } = await buildManager(t.ctx, user);
    for (const payload of [
      { email: "nope" },
      { messageAppLink: "wa.me/1" },
      { firstName: "" },
      { isDefault: true },
      {},
    ]) {
      const res = await send(user, "PATCH", `/api/managers/${vanityId}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
  });
});

describe("another account's manager (XCUT-15)", () => {
  it("answers 404 NOT_FOUND exactly like an unknown id, and changes nothing", async () => {
    const owner = await buildUser(t.ctx);
    const stranger = await buildUser(t.ctx);
    const { vanityId } = await buildManager(t.ctx, owner, { firstName: "Kept" });
    const unknown = vanityId === "99999999" ? "99999998" : "99999999";
    const { payload, headers } = multipart([
      { field: "file", filename: "a.png", contentType: "image/png", body: await makePng() },
    ]);
    for (const id of [vanityId, unknown]) {
      const attempts = [
        await send(stranger, "GET", `/api/managers/${id}`),
        await send(stranger, "PATCH", `/api/managers/${id}`, { firstName: "Stolen" }),
        await send(stranger, "DELETE", `/api/managers/${id}`),
        await t.app.inject({
          method: "PUT",
          url: `/api/managers/${id}/photo`,
          headers: { ...headers, cookie: stranger.cookie },
          payload,
        }),
        await send(stranger, "DELETE", `/api/managers/${id}/photo`),
      ];
      for (const res of attempts) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toEqual({ code: "NOT_FOUND", message: "Manager not found" });
      }
    }
    expect((await send(owner, "GET", `/api/managers/${vanityId}`)).json().manager).toMatchObject({
      firstName: "Kept",
      photoUrl: null,
    });
  });

  it("refuses a malformed vanity id", async () => {
    const user = await buildUser(t.ctx);
    expect((await send(user, "GET", "/api/managers/12ab")).statusCode).toBe(400);
  });
});

describe("DELETE /api/managers/:vanityId (MGR-12, OPEN-47)", () => {
  it("refuses to delete the default manager", async () => {
    const user = await buildUser(t.ctx);
    const { vanityId } = await buildManager(t.ctx, user, { isDefault: true });
    const res = await send(user, "DELETE", `/api/managers/${vanityId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("CONFLICT");
    expect((await send(user, "GET", `/api/managers/${vanityId}`)).statusCode).toBe(200);
  });

  it("deletes another manager and moves its properties (archived ones too) to the default manager", async () => {
    const user = await buildUser(t.ctx);
    const host = await buildManager(t.ctx, user, { isDefault: true });
    const leaving = await buildManager(t.ctx, user);
    const live = await insertProperty(user, leaving.id, "Harbour View");
    await insertProperty(user, leaving.id, "Gone", true);

    expect((await send(user, "DELETE", `/api/managers/${leaving.vanityId}`)).statusCode).toBe(204);
    expect((await send(user, "GET", `/api/managers/${leaving.vanityId}`)).statusCode).toBe(404);
    const rows = await t.ctx.db
      .select({ managerId: properties.managerId })
      .from(properties)
      .where(eq(properties.accountId, user.accountId));
    expect(rows.map((r) => r.managerId)).toEqual([host.id, host.id]);
    const items = await list(user);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ vanityId: host.vanityId, propertyCount: 1 });
    expect((await send(user, "GET", `/api/managers/${host.vanityId}`)).json().manager.properties).toEqual([
      { propertyId: live, title: "Harbour View" },
    ]);
  });

  it("creates the default manager from the user's name when the account had none and properties need one", async () => {
    const user = await buildUser(t.ctx, { firstName: "Ines" });
    const only = await buildManager(t.ctx, user);
    await insertProperty(user, only.id, "Cabin");
    expect((await send(user, "DELETE", `/api/managers/${only.vanityId}`)).statusCode).toBe(204);
    const items = await list(user);
    expect(items).toEqual([
      expect.objectContaining({ firstName: "Ines", lastName: "", isDefault: true, propertyCount: 1 }),
    ]);
  });

  it("deletes a manager without properties without creating a default one, and deletes its photo file", async () => {
    const user = await buildUser(t.ctx);
    const { vanityId } = await buildManager(t.ctx, user);
    expect((await uploadPhoto(user, vanityId)).statusCode).toBe(204);
    const photoUrl = (await send(user, "GET", `/api/managers/${vanityId}`)).json().manager.photoUrl as string;
    expect(fs.existsSync(filePath(photoUrl))).toBe(true);
    expect((await send(user, "DELETE", `/api/managers/${vanityId}`)).statusCode).toBe(204);
    expect(fs.existsSync(filePath(photoUrl))).toBe(false);
    expect(await list(user)).toEqual([]);
  });
});

describe("PUT/DELETE /api/managers/:vanityId/photo (FILE-04/05)", () => {
  it("stores the photo under the account's folder, deletes the replaced file, and clears it on delete", async () => {
    const user = await buildUser(t.ctx);
    const { id: managerId, vanityId } = await buildManager(t.ctx, user);
    const get = async () =>
      (await send(user, "GET", `/api/managers/${vanityId}`)).json().manager.photoUrl as string | null;

    expect((await uploadPhoto(user, vanityId)).statusCode).toBe(204);
    const first = (await get())!;
    expect(first).toMatch(
      new RegExp(`^/files/accounts/${user.accountId}/managers/${managerId}/photo-[0-9a-f]{16}\\.webp$`),
    );
    expect((await t.app.inject({ method: "GET", url: first })).statusCode).toBe(200);

    expect((await uploadPhoto(user, vanityId)).statusCode).toBe(204);
    const second = (await get())!;
    expect(second).not.toBe(first);
    expect(fs.existsSync(filePath(first))).toBe(false);
    expect(fs.existsSync(filePath(second))).toBe(true);

    expect((await send(user, "DELETE", `/api/managers/${vanityId}/photo`)).statusCode).toBe(204);
    expect(await get()).toBeNull();
    expect(fs.existsSync(filePath(second))).toBe(false);
    expect((await send(user, "DELETE", `/api/managers/${vanityId}/photo`)).statusCode).toBe(204);
  });

  it("refuses a file that is not an image, and a JSON body", async () => {
    const user = await buildUser(t.ctx);
    const { vanityId } = await buildManager(t.ctx, user);
    const { payload, headers } = multipart([
      { field: "file", filename: "x.png", contentType: "image/png", body: Buffer.from("not an image") },
    ]);
    const fake = await t.app.inject({
      method: "PUT",
      url: `/api/managers/${vanityId}/photo`,
      headers: { ...headers, cookie: user.cookie },
      payload,
    });
    expect(fake.statusCode).toBe(415);
    expect((await send(user, "PUT", `/api/managers/${vanityId}/photo`, {})).statusCode).toBe(415);
    expect((await send(user, "GET", `/api/managers/${vanityId}`)).json().manager.photoUrl).toBeNull();
  });
});

describe("ensureDefaultManager (PROP-34, OPEN-48)", () => {
  it("creates the default manager from the user's name once, then returns it", async () => {
    const user = await buildUser(t.ctx, { firstName: "Jo" });
    await t.ctx.db.update(users).set({ lastName: "Okafor" }).where(eq(users.id, user.id));
    const first = await ensureDefaultManager(t.ctx, callerOf(user));
    expect(first.vanityId).toMatch(/^\d{8}$/);
    expect(await ensureDefaultManager(t.ctx, callerOf(user))).toEqual(first);
    expect(await list(user)).toEqual([
      expect.objectContaining({ vanityId: first.vanityId, firstName: "Jo", lastName: "Okafor", isDefault: true }),
    ]);
  });

  it("is safe when called concurrently: one default manager, every caller gets it", async () => {
    const user = await buildUser(t.ctx);
    const results = await Promise.all(Array.from({ length: 6 }, () => ensureDefaultManager(t.ctx, callerOf(user))));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    const rows = await t.ctx.db.select().from(managers).where(eq(managers.accountId, user.accountId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: results[0]!.id, isDefault: true, lastName: "" });
  });

  it("draws another vanity id when the first is taken", async () => {
    const user = await buildUser(t.ctx);
    const taken = await buildManager(t.ctx, await buildUser(t.ctx));
    const ids = [taken.vanityId, "87654321"];
    expect((await ensureDefaultManager(t.ctx, callerOf(user), () => ids.shift()!)).vanityId).toBe("87654321");
  });
});
