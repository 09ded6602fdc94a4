import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Database } from "../db/client.ts";
import { lockDataDir } from "../db/lock.ts";
import { CommandError } from "./admin.commands.ts";

/**
 * Backup and restore of the embedded shape (docs/operations.md): the PGlite data directory as PGlite dumps it,
 * the uploaded files and the secret key that seals passcodes and cookies, in one backup directory. The server
 * must be stopped (the data directory's lock is held meanwhile), so the copy is consistent. PostgreSQL and S3
 * are backed up with their own tools instead.
 */

const FORMAT = "doorstep-embedded-backup-1";
const DB_DUMP = "db.tar.gz";

interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  files: number;
  secretKey: boolean;
}

const countFiles = (dir: string): number =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
    : 0;

/** Writes a backup of the open embedded database and DATA_DIR's files and key into `out` (a new directory). */
export async function backupEmbedded(
  database: Database,
  dataDir: string,
  out: string,
  now = new Date(),
): Promise<string[]> {
  if (!database.dumpDataDir)
    throw new CommandError(
      "backup is for the embedded database; with DATABASE_URL use pg_dump and your bucket's tools (docs/operations.md).",
    );
  if (fs.existsSync(out) && fs.readdirSync(out).length > 0) throw new CommandError(`${out} exists and is not empty`);
  fs.mkdirSync(out, { recursive: true });
  const dump = Buffer.from(await (await database.dumpDataDir()).arrayBuffer());
  fs.writeFileSync(path.join(out, DB_DUMP), dump);
  const files = path.join(dataDir, "files");
  if (fs.existsSync(files)) fs.cpSync(files, path.join(out, "files"), { recursive: true });
  const key = path.join(dataDir, "secret.key");
  const secretKey = fs.existsSync(key);
  if (secretKey) {
    fs.copyFileSync(key, path.join(out, "secret.key"));
    fs.chmodSync(path.join(out, "secret.key"), 0o600);
  }
  const manifest: Manifest = { format: FORMAT, createdAt: now.toISOString(), files: countFiles(files), secretKey };
  // Written last: a backup without its manifest is one that did not finish.
  fs.writeFileSync(path.join(out, "manifest.json"), JSON.stringify(manifest, null, 2));
  return [
    `Backup written to ${out}: database ${(dump.length / 1024 / 1024).toFixed(1)} MB, ${manifest.files} files` +
      (secretKey ? ", secret key (keep this backup private)." : "."),
  ];
}

/**
 * Restores a backup into DATA_DIR, which must hold no database yet (a fresh directory, or one whose `db` was
 * moved aside): the database is loaded from the dump, then the files and the key are copied back.
 */
export async function restoreEmbedded(backup: string, dataDir: string): Promise<string[]> {
  const manifestPath = path.join(backup, "manifest.json");
  if (!fs.existsSync(manifestPath)) throw new CommandError(`${backup} is not a complete backup (no manifest.json)`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Manifest;
  if (manifest.format !== FORMAT) throw new CommandError(`${backup} is not a backup this version can restore`);
  const dbDir = path.join(dataDir, "db");
  if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0)
    throw new CommandError(`${dbDir} already holds a database: restore into a fresh DATA_DIR`);
  const release = lockDataDir(dataDir);
  try {
    fs.mkdirSync(dbDir, { recursive: true });
    const dump = fs.readFileSync(path.join(backup, DB_DUMP));
    const client = await PGlite.create({
      dataDir: dbDir,
      loadDataDir: new Blob([dump], { type: "application/gzip" }),
    });
    await client.close();
    if (fs.existsSync(path.join(backup, "files")))
      fs.cpSync(path.join(backup, "files"), path.join(dataDir, "files"), { recursive: true });
    if (manifest.secretKey) {
      fs.copyFileSync(path.join(backup, "secret.key"), path.join(dataDir, "secret.key"));
      fs.chmodSync(path.join(dataDir, "secret.key"), 0o600);
    }
  } finally {
    release();
  }
  return [`Restored the backup of ${manifest.createdAt} into ${dataDir}: database and ${manifest.files} files.`];
}
