import type { StorageProvider } from "./file-storage.ts";
import { createLocalStorage } from "./local.ts";
import { createS3Storage, type S3Options } from "./s3.ts";

/** Picks the storage from config: the S3-compatible bucket when one is configured, else local disk under DATA_DIR. */
export function createStorageProvider(options: { dataDir: string; s3?: S3Options }): StorageProvider {
  return options.s3 ? createS3Storage(options.s3) : createLocalStorage(options.dataDir);
}
