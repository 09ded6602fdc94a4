import path from "node:path";
import type { AppConfig } from "../env.ts";
import { openPglite, openPostgres, type Database } from "./client.ts";
import { lockDataDir } from "./lock.ts";

/** Opens the configured database: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR/db under a process lock. */
export async function openDatabase(config: AppConfig): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const release = lockDataDir(config.dataDir);
  try {
    const database = await openPglite({ dataDir: path.join(config.dataDir, "db") });
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
