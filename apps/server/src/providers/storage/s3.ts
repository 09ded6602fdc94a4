import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import fs from "node:fs";
import { Readable } from "node:stream";
import { isSafeKey, type StorageProvider } from "./file-storage.ts";

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (bucket in the path), needed by most S3-compatible servers. */
  forcePathStyle?: boolean;
}

/** Files in an S3-compatible bucket (scaled mode, where several instances share the files); the keys are the local provider's. */
export function createS3Storage(options: S3Options): StorageProvider {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // S3-compatible servers (MinIO, R2 and the like) often lack the SDK's newer default checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = options.bucket;
  const check = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return key;
  };
  async function deleteKeys(keys: string[]) {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      if (batch.length)
        await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
    }
  }
  async function listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
  }
  return {
    kind: "s3",
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: check(key), Body: body, ContentType: contentType }));
    },
    async putFile(key, file, contentType) {
      // A stream with its length: the SDK sends it as it reads it (one PUT, up to S3's 5 GB), never buffered.
      const { size } = await fs.promises.stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: check(key),
          Body: fs.createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async copy(from, to) {
      // Server-side: the bytes never pass through this instance.
      const source = `${Bucket}/${check(from).split("/").map(encodeURIComponent).join("/")}`;
      await client.send(new CopyObjectCommand({ Bucket, Key: check(to), CopySource: source }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: check(key) }));
        const body = Buffer.from(await res.Body!.transformToByteArray());
        return { body, contentType: res.ContentType ?? "application/octet-stream" };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async stat(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: check(key) }));
        return { size: res.ContentLength ?? 0, contentType: res.ContentType ?? "application/octet-stream" };
      } catch (error) {
        // HEAD has no body, so S3 answers a bare 404 that the SDK names NotFound.
        const name = (error as { name?: string }).name;
        if (name === "NotFound" || name === "NoSuchKey" || error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async stream(key, range) {
      const res = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: check(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      // In Node the SDK's body is the HTTP response itself, a Readable: bytes pass through, never buffered whole.
      if (!(res.Body instanceof Readable)) throw new Error("S3 returned a body that is not a Node stream");
      return res.Body;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: check(key) }));
      // Resized variants sit beside the original (lib/images.ts).
      await deleteKeys((await listKeys(`${key}.w`)).filter((k) => /\.w\d+\.webp$/.test(k)));
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith("/") || !isSafeKey(prefix.slice(0, -1))) throw new Error(`Unsafe storage prefix: ${prefix}`);
      await deleteKeys(await listKeys(prefix));
    },
  };
}
