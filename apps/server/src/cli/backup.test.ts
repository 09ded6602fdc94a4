import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { buildApp } from "../app.ts";
import { openDatabase } from "../db/open.ts";
import { configFromEnv, parseEnv, type AppConfig } from "../env.ts";
import { addSameOrigin } from "../test/app.ts";
import { buildProperty, buildUser, makePng, multipart } from "../test/factories.ts";
import { CommandError } from "./admin.commands.ts";
import { backupEmbedded, restoreEmbedded } from "./backup.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-backup-test-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** The embedded shape as `npm start` runs it: PGlite in DATA_DIR/db, files in DATA_DIR/files, its own key. */
function embeddedConfig(dataDir: string): AppConfig {
  const config = configFromEnv(
    parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:3000" }),
  );
  return { ...config, databaseUrl: undefined, s3: undefined, webDistDir: path.join(dataDir, "no-web-build") };
}

async function startEmbedded(dataDir: string) {
  const config = embeddedConfig(dataDir);
  const database = await openDatabase(config);
  await database.migrate();
  const { app, ctx } = await buildApp({ config, database });
  // Writes carry the dashboard's Origin, as from a browser (decision 011).
  addSameOrigin(app, config.publicUrl);
  await app.ready();
  return { app, ctx, database, config };
}

describe("admin backup and restore of the embedded shape", () => {
  it("restores a backup into a fresh data directory: the account, its session, its files and its passcode", async () => {
    const original = path.join(root, "original");
    const a = await startEmbedded(original);
    const user = await buildUser(a.ctx);
    const { propertyId } = await buildProperty(a.app, user, { title: "Backed-up Barn" });
    const png = multipart([{ field: "file", filename: "c.png", contentType: "image/png", body: await makePng() }]);
    const cover = await a.app.inject({
      method: "PUT",
      url: `/api/properties/${propertyId}/cover`,
      headers: { ...png.headers, cookie: user.cookie },
      payload: png.payload,
    });
    expect(cover.statusCode, cover.body).toBe(204);
    // Sealed with DATA_DIR/secret.key: unlocking after the restore proves the key came back too.
    await a.app.inject({
      method: "PUT",
      url: `/api/properties/${propertyId}/passcode`,
      headers: { cookie: user.cookie },
      payload: { passcode: "246810" },
    });
    const coverUrl = (
      await a.app.inject({ method: "GET", url: `/api/properties/${propertyId}`, headers: { cookie: user.cookie } })
    ).json().property.coverImageUrl as string;
    expect(coverUrl).toMatch(/^\/files\//);
    await a.app.close();

    const backup = path.join(root, "backup-1");
    const lines = await backupEmbedded(a.database, original, backup);
    // The cover and its five srcset variants, made with the upload.
    expect(lines[0]).toMatch(/Backup written to .*backup-1: database [\d.]+ MB, 6 files, secret key/);
    await a.database.close();
    await expect(backupEmbedded(a.database, original, backup)).rejects.toThrow(CommandError);

    const fresh = path.join(root, "fresh");
    expect((await restoreEmbedded(backup, fresh))[0]).toMatch(/^Restored the backup of .* database and 6 files\.$/);
    // A second restore would overwrite a database: refused.
    await expect(restoreEmbedded(backup, fresh)).rejects.toThrow(/already holds a database/);

    const b = await startEmbedded(fresh);
    try {
      const property = await b.app.inject({
        method: "GET",
        url: `/api/properties/${propertyId}`,
        headers: { cookie: user.cookie },
      });
      expect(property.statusCode, property.body).toBe(200);
      expect(property.json().property).toMatchObject({ title: "Backed-up Barn", coverImageUrl: coverUrl });
      const file = await b.app.inject({ method: "GET", url: coverUrl });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/webp");
      const gate = await b.app.inject({ method: "GET", url: `/g/${propertyId}` });
      expect(gate.body).toContain(copy.guide.passcodeTitle);
      const unlock = await b.app.inject({
        method: "POST",
        url: `/g/${propertyId}/unlock`,
        headers: { accept: "application/json" },
        payload: { passcode: "246810" },
      });
      expect(unlock.statusCode, unlock.body).toBe(200);
    } finally {
      await b.app.close();
      await b.database.close();
    }
    // Two embedded databases migrated from nothing, a backup and a restore: more than a test's usual minute on a
    // loaded two-core machine.
  }, 180_000);

  it("refuses a directory that is not a finished backup", async () => {
    const partial = path.join(root, "partial");
    fs.mkdirSync(partial);
    fs.writeFileSync(path.join(partial, "db.tar.gz"), "x");
    await expect(restoreEmbedded(partial, path.join(root, "other"))).rejects.toThrow(/not a complete backup/);
  });
});
