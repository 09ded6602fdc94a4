import pg from "pg";

/** How long a query may go unanswered before its connection is given up (the request answers 503). */
export const QUERY_TIMEOUT_MS = 15_000;

export interface BoundedPoolOptions {
  url: string;
  /** Also reported: a connection the server or the network ended (it is replaced). */
  onConnectionError: (error: Error) => void;
  queryTimeoutMs?: number;
}

/**
 * A pg pool whose connections cannot be lost to a failing network (decision 038). Two things pg leaves open:
 * - A query on a link that has gone silent (a partition, a half-open socket) waits for ever: pg's own
 *   `query_timeout` answers the caller but keeps the connection, its next queries queued behind the lost one.
 *   Here a query unanswered after `queryTimeoutMs` ends its connection, so it and every query queued on it fail
 *   as unavailable and the pool replaces it.
 * - A connection that fails while checked out is returned only if its holder releases it, and drizzle's
 *   transaction does not when its BEGIN fails (it is sent before the try that releases): the pool then counts
 *   it for ever, and `end()` (the server's shutdown) waits on it for ever. Here a checked-out connection that
 *   fails is released at once, with its error, so the pool drops it; the holder's later release does nothing.
 */
export function openBoundedPool(options: BoundedPoolOptions): pg.Pool {
  const queryTimeoutMs = options.queryTimeoutMs ?? QUERY_TIMEOUT_MS;
  // A connect that cannot succeed fails after 5 s (pg waits for ever by default), so a request answers 503.
  // Keep-alive finds an idle connection whose peer vanished without a word.
  const pool = new pg.Pool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 5_000, keepAlive: true });
  // The pool listens on idle connections only; this listener also covers a connection while it is checked out.
  pool.on("error", options.onConnectionError);
  pool.on("connect", (client) => {
    client.on("error", options.onConnectionError);
    boundQueries(client, queryTimeoutMs);
  });
  releaseLostCheckouts(pool);
  return pool;
}

type Callback = (error: Error | null, result?: unknown) => void;
type QueryFn = (config: unknown, values?: unknown, callback?: Callback) => unknown;

/** The error a query fails with when its connection is given up; ETIMEDOUT reads as unavailable (503). */
function noAnswer(ms: number): Error {
  return Object.assign(new Error(`Connection terminated: the database did not answer within ${ms} ms`), {
    code: "ETIMEDOUT",
  });
}

function boundQueries(client: pg.PoolClient, ms: number): void {
  const query = client.query.bind(client) as QueryFn;
  const giveUp = () => {
    // pg-pool ends a connection that does not connect in time the same way.
    const socket = (client as unknown as { connection?: { stream?: { destroy(error: Error): void } } }).connection;
    socket?.stream?.destroy(noAnswer(ms));
  };
  const bounded: QueryFn = (config, values, callback) => {
    // A submittable (a cursor) drives its own reads; nothing here uses one.
    if (typeof (config as { submit?: unknown } | null)?.submit === "function") return query(config, values, callback);
    const done = typeof values === "function" ? (values as Callback) : callback;
    const params = typeof values === "function" ? undefined : values;
    const timer = setTimeout(giveUp, ms);
    if (done) {
      return query(config, params, (error, result) => {
        clearTimeout(timer);
        done(error, result);
      });
    }
    return (query(config, params) as Promise<unknown>).finally(() => clearTimeout(timer));
  };
  (client as unknown as { query: QueryFn }).query = bounded;
}

function releaseLostCheckouts(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | void;
  const guard = (client: pg.PoolClient) => {
    const release = client.release.bind(client);
    let released = false;
    const releaseOnce = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.off("error", onLost);
      release(error);
    };
    const onLost = (error: Error) => releaseOnce(error);
    client.on("error", onLost);
    client.release = releaseOnce;
    return client;
  };
  // pg-pool's own query() checks out through this.connect with a callback, so both forms are covered.
  const guarded = (callback?: ConnectCallback) => {
    if (!callback) return (connect() as Promise<pg.PoolClient>).then(guard);
    connect((error, client, done) => {
      if (error || !client) return callback(error, client, done);
      guard(client);
      callback(error, client, client.release);
    });
  };
  pool.connect = guarded as typeof pool.connect;
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: Error | boolean) => void,
) => void;
