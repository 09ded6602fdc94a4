import { randomInt } from "node:crypto";
import {
  MANAGER_PROFILE_PROPERTIES,
  MANAGERS_PAGE_SIZE,
  type CreateManagerRequest,
  type ManagerDto,
  type ManagerListQuery,
  type ManagerListResponse,
  type ManagerSummary,
  type UpdateManagerRequest,
} from "@doorstep/shared/schemas/manager";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import type { ReceivedFile } from "../../lib/streamed-upload.ts";
import { deleteStoredFile, storeImage } from "../../lib/uploads.ts";
import { fileUrl } from "../../lib/urls.ts";
import { getUser } from "../users/user.service.ts";
import {
  deleteManagerRow,
  findDefaultManager,
  findManagerByVanityId,
  findManagerVanityIds,
  findManagersPage,
  insertManager,
  lockDeletableManager,
  updateManager as updateManagerRow,
  type ManagerCursor,
  type ManagerRow,
  type NewManager,
} from "./manager.repository.ts";

/** 90 million ids: a collision is rare, ten in a row means something else is wrong. */
const VANITY_ID_ATTEMPTS = 10;

/** A fresh ManagerVanityID: 8 random digits from the CSPRNG, never starting with 0 (MGR-06, XCUT-52). */
export function newVanityId(): string {
  return String(randomInt(10_000_000, 100_000_000));
}

/** The manager as the list shows it: its property count, not its properties (MGR-02, MGR-13). */
export function toManagerSummary(row: ManagerRow, propertyCount: number): ManagerSummary {
  return {
    vanityId: row.vanityId,
    firstName: row.firstName,
    lastName: row.lastName,
    photoUrl: fileUrl(row.photoKey),
    email: row.email,
    tel: row.tel,
    messageAppName: row.messageAppName,
    messageAppLink: row.messageAppLink,
    isDefault: row.isDefault,
    propertyCount,
  };
}

/** A property as a manager's profile lists it (MGR-13). */
export interface ManagedProperty {
  propertyId: string;
  title: string;
}

/**
 * What the manager pages read of the properties that link a manager. The properties feature depends on
 * managers, so a command passes these in (commands/manager-properties.ts).
 */
export interface ManagedProperties {
  /** How many non-archived properties each manager manages, from one grouped query. */
  count(ctx: AppContext, accountId: string, managerIds: string[]): Promise<Map<string, number>>;
  /** The first `limit` non-archived properties a manager manages, by title. */
  list(ctx: AppContext, accountId: string, managerId: string, limit: number): Promise<ManagedProperty[]>;
}

/** The manager as its profile shows it: the count, and the first properties it manages by title (MGR-01, MGR-13). */
export function toManagerDto(row: ManagerRow, propertyCount: number, linked: ManagedProperty[]): ManagerDto {
  return {
    ...toManagerSummary(row, propertyCount),
    properties: linked.map(({ propertyId, title }) => ({ propertyId, title })),
  };
}

/** One of the caller's managers; another account's vanity id is 404 exactly like an unknown one (XCUT-15). */
async function requireManager(ctx: AppContext, caller: Caller, vanityId: string): Promise<ManagerRow> {
  const manager = await findManagerByVanityId(ctx.db, caller.accountId, vanityId);
  if (!manager) throw notFound("manager");
  return manager;
}

/** The vanity id of each of the caller's managers, by row id (to show which manager a property links). */
export async function listManagerVanityIds(ctx: AppContext, caller: Caller): Promise<Map<string, string>> {
  const rows = await findManagerVanityIds(ctx.db, caller.accountId);
  return new Map(rows.map((row) => [row.id, row.vanityId]));
}

/** Gets the row id of one of the caller's managers by vanity id; 404 for another account's or an unknown one. */
export async function getManagerIdByVanityId(ctx: AppContext, caller: Caller, vanityId: string): Promise<string> {
  return (await requireManager(ctx, caller, vanityId)).id;
}

function encodeCursor(row: ManagerRow): string {
  const cursor: ManagerCursor = {
    notDefault: !row.isDefault,
    firstName: row.firstName.toLowerCase(),
    lastName: row.lastName.toLowerCase(),
    id: row.id,
  };
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}
function decodeCursor(raw: string | undefined): ManagerCursor | undefined {
  if (!raw) return undefined;
  try {
    const c = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as ManagerCursor;
    if (
      typeof c.notDefault === "boolean" &&
      typeof c.firstName === "string" &&
      typeof c.lastName === "string" &&
      /^[0-9a-f-]{36}$/.test(c.id)
    )
      return c;
  } catch {
    // falls through to the refusal below
  }
  throw new AppError("INVALID_CURSOR");
}

/**
 * A page of the caller's managers, default first, each with its property count from one grouped query
 * (MGR-02, MGR-13). Counts, not property lists: an account with 1,000 properties ships 1,000 rows nowhere.
 */
export async function listManagers(
  ctx: AppContext,
  caller: Caller,
  query: ManagerListQuery,
  properties: Pick<ManagedProperties, "count">,
): Promise<ManagerListResponse> {
  const limit = query.limit ?? MANAGERS_PAGE_SIZE;
  const rows = await findManagersPage(ctx.db, caller.accountId, {
    cursor: decodeCursor(query.cursor),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const counts = await properties.count(
    ctx,
    caller.accountId,
    page.map((r) => r.id),
  );
  return {
    items: page.map((row) => toManagerSummary(row, counts.get(row.id) ?? 0)),
    nextCursor: rows.length > limit ? encodeCursor(page.at(-1)!) : null,
  };
}

/** One of the caller's managers by vanity id (MGR-07), with the first properties it manages. */
export async function getManager(
  ctx: AppContext,
  caller: Caller,
  vanityId: string,
  properties: ManagedProperties,
): Promise<ManagerDto> {
  const row = await requireManager(ctx, caller, vanityId);
  const [counts, linked] = await Promise.all([
    properties.count(ctx, caller.accountId, [row.id]),
    properties.list(ctx, caller.accountId, row.id, MANAGER_PROFILE_PROPERTIES),
  ]);
  return toManagerDto(row, counts.get(row.id) ?? 0, linked);
}

/**
 * Inserts under a fresh vanity id, drawing again while the unique index refuses it. `stop` is asked after
 * each refusal and may end the loop with a row that makes the insert unnecessary (the default manager).
 */
async function insertWithFreshVanityId(
  ctx: AppContext,
  values: Omit<NewManager, "vanityId">,
  nextVanityId: () => string,
  stop: () => Promise<ManagerRow | null> = async () => null,
): Promise<ManagerRow> {
  for (let attempt = 0; attempt < VANITY_ID_ATTEMPTS; attempt++) {
    const row = await insertManager(ctx.db, { ...values, vanityId: nextVanityId() });
    if (row) return row;
    const settled = await stop();
    if (settled) return settled;
  }
  throw new Error(`No free manager vanity id after ${VANITY_ID_ATTEMPTS} attempts`);
}

/** Creates a (non-default) manager owned by the caller's account (MGR-04…06). */
export async function createManager(
  ctx: AppContext,
  caller: Caller,
  input: CreateManagerRequest,
  nextVanityId: () => string = newVanityId,
): Promise<ManagerDto> {
  const row = await insertWithFreshVanityId(
    ctx,
    { accountId: caller.accountId, firstName: input.firstName, lastName: input.lastName, isDefault: false },
    nextVanityId,
  );
  return toManagerDto(row, 0, []);
}

/**
 * The account's default manager, created from the user's name when missing (PROP-34, OPEN-48). Safe when
 * called concurrently: the partial unique index allows one default per account, and a loser reads the winner.
 */
export async function ensureDefaultManager(
  ctx: AppContext,
  caller: Caller,
  nextVanityId: () => string = newVanityId,
): Promise<{ id: string; vanityId: string }> {
  const existing = await findDefaultManager(ctx.db, caller.accountId);
  if (existing) return { id: existing.id, vanityId: existing.vanityId };
  const user = await getUser(ctx, caller.userId);
  const row = await insertWithFreshVanityId(
    ctx,
    { accountId: caller.accountId, firstName: user.firstName, lastName: user.lastName ?? "", isDefault: true },
    nextVanityId,
    () => findDefaultManager(ctx.db, caller.accountId),
  );
  return { id: row.id, vanityId: row.vanityId };
}

/** Updates name, email, phone or message link; blank email/phone/link clear them (MGR-08…10). */
export async function updateManager(
  ctx: AppContext,
  caller: Caller,
  vanityId: string,
  patch: UpdateManagerRequest,
): Promise<void> {
  const manager = await requireManager(ctx, caller, vanityId);
  if (!(await updateManagerRow(ctx.db, caller.accountId, manager.id, patch))) throw notFound("manager");
}

/**
 * Replaces the manager's photo (FILE-04/05). Ownership is checked before the upload is read, so another
 * account's id answers 404 whatever the body.
 */
export async function replaceManagerPhoto(
  ctx: AppContext,
  caller: Caller,
  vanityId: string,
  readUpload: () => Promise<ReceivedFile>,
): Promise<void> {
  const manager = await requireManager(ctx, caller, vanityId);
  const upload = await readUpload();
  const key = await storeImage(ctx, `accounts/${caller.accountId}/managers/${manager.id}`, "photo", upload);
  if (!(await updateManagerRow(ctx.db, caller.accountId, manager.id, { photoKey: key }))) {
    // Deleted while uploading: the new file has no owner.
    await deleteStoredFile(ctx, key);
    throw notFound("manager");
  }
  await deleteStoredFile(ctx, manager.photoKey);
}

/** Removes the manager's photo: the field is cleared and the file deleted (FILE-05). */
export async function deleteManagerPhoto(ctx: AppContext, caller: Caller, vanityId: string): Promise<void> {
  const manager = await requireManager(ctx, caller, vanityId);
  if (!manager.photoKey) return;
  await updateManagerRow(ctx.db, caller.accountId, manager.id, { photoKey: null });
  await deleteStoredFile(ctx, manager.photoKey);
}

/**
 * One of the caller's managers that may be deleted (MGR-12): the default manager cannot be. Answers what
 * the deletion needs: the row id, and the photo to delete once the manager is gone.
 */
export async function getDeletableManager(
  ctx: AppContext,
  caller: Caller,
  vanityId: string,
): Promise<{ id: string; photoKey: string | null }> {
  const manager = await requireManager(ctx, caller, vanityId);
  if (manager.isDefault) throw new AppError("DEFAULT_MANAGER_UNDELETABLE");
  return { id: manager.id, photoKey: manager.photoKey };
}

/**
 * Locks a non-default manager of the caller's account for its deletion, until the caller's transaction ends:
 * no property can be linked to it meanwhile. False when it is gone.
 */
export function lockManagerForDeletion(ctx: AppContext, caller: Caller, managerId: string): Promise<boolean> {
  return lockDeletableManager(ctx.db, caller.accountId, managerId);
}

/** Deletes a manager the caller locked (its properties already moved); the photo file is the caller's to delete. */
export function removeManager(ctx: AppContext, caller: Caller, managerId: string): Promise<void> {
  return deleteManagerRow(ctx.db, caller.accountId, managerId);
}
