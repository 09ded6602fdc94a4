import { randomBytes } from "node:crypto";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { AppContext, Caller } from "../../app-context.ts";
import { readAccountRows } from "../../db/account-export.ts";
import { notFound } from "../../lib/app-error.ts";
import { UPLOAD_TEMP_DIR } from "../../lib/streamed-upload.ts";
import { createTarGz } from "../../lib/tar.ts";
import { accountExportEmail } from "../../providers/email/templates.ts";
import { isSafeKey } from "../../providers/storage/file-storage.ts";
import { getUser } from "../users/user.service.ts";

/** The per-account job that builds the archive in the background (decision 034's record jobs). */
export const ACCOUNT_EXPORT_JOB = "account-export";
/** Deletes one archive from storage when its link expires; the key is the archive's storage key. */
export const ACCOUNT_EXPORT_EXPIRY_JOB = "account-export-expiry";
/** The emailed link works for 24 hours (IMPL-33). */
export const EXPORT_LINK_HOURS = 24;
const NAME = /^(\d{13})-([A-Za-z0-9_-]{43})\.tar\.gz$/;
/** Columns that name an uploaded file in storage. */
const FILE_COLUMNS = [
  "coverKey",
  "documentKey",
  "iconKey",
  "imageKey",
  "logoKey",
  "photoKey",
  "storageKey",
  "videoKey",
];

/** "Download my data": queues the archive; the owner gets an email with its link when it is ready. */
export async function requestAccountExport(ctx: AppContext, caller: Caller): Promise<void> {
  await ctx.jobs.schedule(ACCOUNT_EXPORT_JOB, { key: caller.accountId, data: { userId: caller.userId } });
}

/**
 * Builds the account's archive (IMPL-33): `records.json` (every row that carries the account's id, secrets left
 * out) and `files/…` (the uploads those rows name), streamed to a temporary .tar.gz, stored under `exports/`, and
 * the link emailed to the owner who asked. Returns what it wrote.
 */
export async function buildAccountExport(
  ctx: AppContext,
  accountId: string,
  userId: string,
): Promise<{ name: string; bytes: number; files: number }> {
  const user = await getUser(ctx, userId);
  if (user.accountId !== accountId) throw notFound("account");
  const now = ctx.now();
  const rows = await readAccountRows(ctx.db, accountId);
  const keys = new Set<string>();
  for (const list of Object.values(rows))
    for (const row of list)
      for (const column of FILE_COLUMNS) {
        const key = row[column];
        if (typeof key === "string" && isSafeKey(key) && key.length <= 240) keys.add(key);
      }
  await mkdir(UPLOAD_TEMP_DIR, { recursive: true });
  const temp = path.join(UPLOAD_TEMP_DIR, `export-${randomBytes(8).toString("hex")}.tar.gz`);
  let files = 0;
  try {
    const tar = createTarGz(temp, now);
    await tar.addBuffer("records.json", Buffer.from(JSON.stringify(rows, null, 2)));
    for (const key of keys) {
      const info = await ctx.storage.stat(key);
      if (!info) continue;
      await tar.addStream(`files/${key}`, info.size, await ctx.storage.stream(key));
      files++;
    }
    await tar.close();
    const name = `${now.getTime() + EXPORT_LINK_HOURS * 3_600_000}-${randomBytes(32).toString("base64url")}.tar.gz`;
    const expiresAt = new Date(now.getTime() + EXPORT_LINK_HOURS * 3_600_000);
    await ctx.storage.putFile(`exports/${accountId}/${name}`, temp, "application/gzip");
    await ctx.jobs.schedule(ACCOUNT_EXPORT_EXPIRY_JOB, { key: `exports/${accountId}/${name}`, runAt: expiresAt });
    const bytes = (await stat(temp)).size;
    const url = `${ctx.config.publicUrl}/api/account/exports/${name}`;
    await ctx.email.send(accountExportEmail(user.email, url, EXPORT_LINK_HOURS));
    return { name, bytes, files };
  } finally {
    await rm(temp, { force: true });
  }
}

/** The archive behind an emailed link, for 24 hours and only to its own account; 404 otherwise. */
export async function openAccountExport(ctx: AppContext, caller: Caller, name: string) {
  const match = NAME.exec(name);
  if (!match || Number(match[1]) <= ctx.now().getTime()) throw notFound("file");
  const key = `exports/${caller.accountId}/${name}`;
  const info = await ctx.storage.stat(key);
  if (!info) throw notFound("file");
  return { size: info.size, stream: await ctx.storage.stream(key) };
}

/** The `account-export-expiry` job: an archive whose link has expired leaves storage (IMPL-33). */
export async function deleteExpiredExport(ctx: AppContext, key: string): Promise<void> {
  const match = /^exports\/[0-9a-f-]{36}\/(.+)$/.exec(key);
  const name = match ? NAME.exec(match[1]!) : null;
  if (!name || Number(name[1]) > ctx.now().getTime()) return;
  await ctx.storage.delete(key);
}
