import { messages, protocol, types, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";
import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  NoopLogger,
  type Logger,
  type Query,
} from "drizzle-orm";
import { NoopCache } from "drizzle-orm/cache/core";
import type { WithCacheConfig } from "drizzle-orm/cache/core/types";
import {
  PgDialect,
  type PgPreparedQuery,
  type PreparedQueryConfig,
  type SelectedFieldsOrdered,
} from "drizzle-orm/pg-core";
import { PgliteDatabase, PglitePreparedQuery, PgliteSession } from "drizzle-orm/pglite";

/**
 * Drizzle on PGlite with named statements that are prepared once (decision 062).
 *
 * Drizzle's PGlite driver ignores a statement's name: every execution calls PGlite's `query()`, which sends an
 * unnamed Parse, Describe, Bind, Describe and Execute, so PostgreSQL parses and plans the statement again on
 * every request — on the server's own thread, as PGlite is PostgreSQL in WebAssembly. On `pg`, a named statement
 * is parsed once per connection. Here a statement built with `.prepare(name)` (`preparedFor`, db/prepared.ts) is
 * parsed and described once per PGlite instance, and each execution sends only Bind, Execute and Sync, in one
 * message, then reads the rows exactly as PGlite's `query()` would. Everything else (statements without a name,
 * and every statement inside a transaction, whose handle is PGlite's transaction) goes through `query()` as before.
 */
export function drizzleOnPglite<TSchema extends Record<string, unknown>>(
  client: PGlite,
  config: { schema: TSchema; casing: "snake_case"; logger?: Logger },
): PgliteDatabase<TSchema> {
  // As drizzle-orm/pglite's `drizzle()` builds its database, with this session instead of its own.
  const dialect = new PgDialect({ casing: config.casing });
  const tables = extractTablesRelationalConfig(config.schema, createTableRelationsHelpers);
  const schema = { fullSchema: config.schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  const session = new PreparingPgliteSession(client, dialect, schema, { logger: config.logger });
  const db = new PgliteDatabase(dialect, session, schema as never);
  return Object.assign(db, { $client: client }) as unknown as PgliteDatabase<TSchema>;
}

class PreparingPgliteSession extends PgliteSession<Record<string, unknown>, never> {
  readonly #client: PGlite;
  readonly #options: { logger?: Logger };

  constructor(client: PGlite, dialect: PgDialect, schema: unknown, options: { logger?: Logger }) {
    super(client, dialect, schema as never, options);
    this.#client = client;
    this.#options = options;
  }

  override prepareQuery<T extends PreparedQueryConfig = PreparedQueryConfig>(
    query: Query,
    fields: SelectedFieldsOrdered | undefined,
    name: string | undefined,
    isResponseInArrayMode: boolean,
    customResultMapper?: (rows: unknown[][]) => T["execute"],
    queryMetadata?: { type: "select" | "update" | "delete" | "insert"; tables: string[] },
    cacheConfig?: WithCacheConfig,
  ): PgPreparedQuery<T> {
    if (!name) {
      return super.prepareQuery<T>(
        query,
        fields,
        name,
        isResponseInArrayMode,
        customResultMapper,
        queryMetadata,
        cacheConfig,
      );
    }
    // Drizzle's own prepared query, with a client whose `query()` runs the named statement: its row mapping,
    // its result parsers and its error wrapping (DrizzleQueryError, the database error as `cause`) stay as they are.
    return new PglitePreparedQuery<T>(
      namedStatementClient(this.#client, name) as unknown as PGlite,
      query.sql,
      query.params,
      this.#options.logger ?? new NoopLogger(),
      new NoopCache(),
      queryMetadata,
      cacheConfig,
      fields,
      name,
      isResponseInArrayMode,
      customResultMapper,
    );
  }
}

/** A statement parsed once on one PGlite instance, with what Describe said about it. */
interface Statement {
  name: string;
  paramTypes: number[];
  /** The RowDescription, absent for a statement that returns no rows. */
  rowDescription: messages.RowDescriptionMessage | undefined;
}

interface InstanceStatements {
  byText: Map<string, Statement>;
  count: number;
}

const perInstance = new WeakMap<PGlite, InstanceStatements>();

const serialize = protocol.serialize;
const EXECUTE_SYNC = concat([serialize.execute({}), serialize.sync()]);

/** The part of PGlite's interface drizzle's prepared query calls, answered by the named statement. */
function namedStatementClient(client: PGlite, name: string) {
  return {
    query: <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> =>
      runNamed<T>(client, name, text, params, options),
  };
}

/** Runs `text` as the named statement `name` outside any transaction (the job queue's frequent look, db/client.ts). */
export function queryNamed<T>(client: PGlite, name: string, text: string, params: unknown[] = []): Promise<Results<T>> {
  return runNamed<T>(client, name, text, params, undefined);
}

/**
 * Runs `text` as a named statement: parsed on first use, then Bind/Execute/Sync. It holds PGlite's transaction
 * and query locks as `query()` does, so it never runs inside another caller's transaction nor between the
 * messages of another query.
 */
async function runNamed<T>(
  client: PGlite,
  name: string,
  text: string,
  params: unknown[],
  options: QueryOptions | undefined,
): Promise<Results<T>> {
  if (!client.ready) await client._checkReady(); // throws "PGlite is closed" as query() does
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      if (!client.ready) await client._checkReady(); // a close() queued ahead of this query
      let instance = perInstance.get(client);
      if (!instance) perInstance.set(client, (instance = { byText: new Map(), count: 0 }));
      let result: Results<T>;
      try {
        result = await execute<T>(client, instance, name, text, params, options);
      } catch (e) {
        if (!(e instanceof messages.DatabaseError)) throw e;
        if (!isStale(e)) throw asPgliteError(e, text, params, options);
        // The statement was deallocated, or a schema change altered its result's shape: parse it again, once.
        await forget(client, instance, text);
        try {
          result = await execute<T>(client, instance, name, text, params, options);
        } catch (again) {
          throw again instanceof messages.DatabaseError ? asPgliteError(again, text, params, options) : again;
        }
      }
      // As query() outside a transaction (nothing to write back for a data directory on disk: PGlite's NodeFS).
      await client.syncToFs();
      return result;
    }),
  );
}

async function execute<T>(
  client: PGlite,
  instance: InstanceStatements,
  name: string,
  text: string,
  params: unknown[],
  options: QueryOptions | undefined,
): Promise<Results<T>> {
  const statement = instance.byText.get(text) ?? (await prepare(client, instance, name, text, options));
  const values = params.map((param, i) => {
    // As PGlite's query(): null for null or undefined, the serializer of the parameter's type, else its text.
    if (param === null || param === undefined) return null;
    const oid = statement.paramTypes[i]!;
    const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
    return serializer ? serializer(param) : String(param);
  });
  const bind = serialize.bind({ statement: statement.name, values: values as (string | null)[] });
  const backend = await client.execProtocolStream(concat([bind, EXECUTE_SYNC]), { syncToFs: false });
  return readResults<T>(client, statement, backend, options);
}

/** Parse and Describe, and remember the statement (only once PostgreSQL has accepted it). */
async function prepare(
  client: PGlite,
  instance: InstanceStatements,
  name: string,
  text: string,
  options: QueryOptions | undefined,
): Promise<Statement> {
  // Unique per instance and per text: two texts under one drizzle name never meet (names are cut to fit 63 bytes).
  const statementName = `${name.slice(0, 40)}_${++instance.count}`;
  const backend = await client.execProtocolStream(
    concat([
      serialize.parse({ name: statementName, text, types: options?.paramTypes }),
      serialize.describe({ type: "S", name: statementName }),
      serialize.sync(),
    ]),
    { syncToFs: false },
  );
  let paramTypes: number[] = [];
  let rowDescription: messages.RowDescriptionMessage | undefined;
  for (const message of backend) {
    if (message instanceof messages.ParameterDescriptionMessage) paramTypes = message.dataTypeIDs;
    else if (message instanceof messages.RowDescriptionMessage) rowDescription = message;
  }
  const statement = { name: statementName, paramTypes, rowDescription };
  instance.byText.set(text, statement);
  return statement;
}

/** Closes a statement that went stale; the next execution parses it again under a new name. */
async function forget(client: PGlite, instance: InstanceStatements, text: string): Promise<void> {
  const statement = instance.byText.get(text);
  instance.byText.delete(text);
  if (!statement) return;
  await client.execProtocolStream(concat([serialize.close({ type: "S", name: statement.name }), serialize.sync()]), {
    syncToFs: false,
    throwOnError: false,
  });
}

/** "prepared statement … does not exist" (DEALLOCATE), or "cached plan must not change result type" (ALTER). */
function isStale(e: messages.DatabaseError): boolean {
  return e.code === "26000" || (e.code === "0A000" && /cached plan must not change result type/.test(e.message));
}

/** The error as PGlite's query() throws it (its makePGliteError). */
function asPgliteError(e: messages.DatabaseError, query: string, params: unknown[], options?: QueryOptions) {
  return Object.assign(e, { query, params, queryOptions: options });
}

/**
 * The rows as PGlite's `parseResults` reads them (parse.ts), with the statement's RowDescription standing for
 * the Describe of the portal that query() sends: each field's parser is the query's own for its type, else the
 * instance's, else PGlite's default; null stays null; rows are arrays or objects as `rowMode` asks.
 */
function readResults<T>(
  client: PGlite,
  statement: Statement,
  backend: messages.BackendMessage[],
  options: QueryOptions | undefined,
): Results<T> {
  const description = statement.rowDescription?.fields ?? [];
  const fields = description.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
  const parsers = description.map(
    (field) =>
      options?.parsers?.[field.dataTypeID] ??
      client.parsers[field.dataTypeID] ??
      (types.parsers as Record<number, types.Parser | undefined>)[field.dataTypeID],
  );
  const arrays = options?.rowMode === "array";
  const rows: unknown[] = [];
  let command: string | undefined;
  let rowCount: number | undefined;
  let affectedRows = 0;
  for (const message of backend) {
    if (message instanceof messages.DataRowMessage) {
      const values = message.fields;
      if (arrays) {
        const row = new Array<unknown>(values.length);
        for (let i = 0; i < values.length; i++) row[i] = parseField(values[i]!, parsers[i], fields[i]!.dataTypeID);
        rows.push(row);
      } else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < values.length; i++) {
          row[fields[i]!.name] = parseField(values[i]!, parsers[i], fields[i]!.dataTypeID);
        }
        rows.push(row);
      }
    } else if (message instanceof messages.CommandCompleteMessage) {
      const parts = message.text.split(" ");
      command = parts[0];
      const count = parseInt(parts[parts.length - 1]!, 10);
      if (command && ["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(command)) affectedRows += count;
      if (!Number.isNaN(count)) rowCount = count;
    }
  }
  // PGlite reports a statement that completed with its command; one that did not (an empty portal) without.
  const result: Results<T> =
    command === undefined
      ? { affectedRows: 0, rows: [], fields: [] }
      : { rows: rows as T[], fields, command, affectedRows };
  if (command !== undefined && rowCount !== undefined) result.rowCount = rowCount;
  return result;
}

function parseField(value: string | null, parser: types.Parser | undefined, dataTypeID: number): unknown {
  if (value === null) return null;
  return parser ? parser(value, dataTypeID) : value;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
