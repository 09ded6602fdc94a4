import fs from "node:fs";
import path from "node:path";

/**
 * PGlite allows one process per data directory (docs/architecture.md §1). We take an exclusive lock file
 * holding our pid; a second process finds a live pid there and refuses to start with a clear message.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "doorstep.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `Another Doorstep server (pid ${holder}) is already using the data directory ${dataDir}. ` +
            "Stop it first, or start this one with a different DATA_DIR.",
        );
      }
      // A stale lock left by a crashed process: take it over.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
