import fs from "node:fs/promises";
import path from "node:path";
import { isSafeKey, type StorageProvider } from "./file-storage.ts";

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".pdf": "application/pdf",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".mov": "video/quicktime",
  ".svg": "image/svg+xml",
};

/**
 * A key that can name no file: missing, a segment longer than the file system allows (a URL's 256-character
 * segment), or a path through a file. Keys reach here from `/files/*`, so these are "not found", never 500.
 */
const NO_SUCH_FILE = new Set(["ENOENT", "ENAMETOOLONG", "ENOTDIR"]);
const isNoSuchFile = (error: unknown) => NO_SUCH_FILE.has((error as NodeJS.ErrnoException).code ?? "");

/** Files on local disk under DATA_DIR/files; the content type follows from the server-chosen extension. */
export function createLocalStorage(dataDir: string): StorageProvider {
  const root = path.join(dataDir, "files");
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  const contentTypeOf = (key: string) => CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
  // Each write's own temporary name: two writes of one key at once (two requests making the same image variant)
  // shared `{file}.{pid}.tmp`, and the second's rename found it gone, a 500.
  let writes = 0;
  const tempOf = (file: string) => `${file}.${process.pid}.${++writes}.tmp`;
  return {
    kind: "local",
    async put(key, body) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = tempOf(file);
      await fs.writeFile(temp, body);
      await fs.rename(temp, file);
    },
    async putFile(key, source) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = tempOf(file);
      // A copy (the upload's temporary file may be on another file system), then an atomic rename.
      await fs.copyFile(source, temp);
      await fs.rename(temp, file);
    },
    async copy(from, to) {
      const file = resolve(to);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = tempOf(file);
      await fs.copyFile(resolve(from), temp);
      await fs.rename(temp, file);
    },
    async get(key) {
      try {
        const body = await fs.readFile(resolve(key));
        return { body, contentType: contentTypeOf(key) };
      } catch (error) {
        if (isNoSuchFile(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      try {
        const stats = await fs.stat(resolve(key));
        return stats.isFile() ? { size: stats.size, contentType: contentTypeOf(key) } : null;
      } catch (error) {
        if (isNoSuchFile(error)) return null;
        throw error;
      }
    },
    async stream(key, range) {
      // Opened before returning, so a file deleted since stat() fails here rather than mid-response.
      const handle = await fs.open(resolve(key), "r");
      return handle.createReadStream({ start: range?.start, end: range?.end });
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith("/") || !isSafeKey(prefix.slice(0, -1))) throw new Error(`Unsafe storage prefix: ${prefix}`);
      await fs.rm(resolve(prefix.slice(0, -1)), { recursive: true, force: true });
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
      // Cached resized variants live beside the original (see lib/images.ts).
      const dir = path.dirname(resolve(key));
      const base = path.basename(key);
      const entries = await fs.readdir(dir).catch(() => [] as string[]);
      await Promise.all(
        entries.filter((e) => e.startsWith(`${base}.w`)).map((e) => fs.rm(path.join(dir, e), { force: true })),
      );
    },
  };
}
