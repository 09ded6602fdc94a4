import http from "node:http";
import type { AddressInfo } from "node:net";

const xmlEscape = (s: string) => s.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c] ?? c);

/**
 * A minimal S3 HTTP API (path-style) for the storage provider's tests: PutObject, CopyObject, GetObject (with Range), HeadObject, DeleteObject,
 * ListObjectsV2 and DeleteObjects — the calls the real SDK makes, answered the way S3 answers them.
 */
export async function startFakeS3(bucket: string) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  /** Range headers the fake was asked for: proves a range is fetched from S3, not cut from a whole download. */
  const ranges: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://s3");
      const [, b, ...rest] = url.pathname.split("/");
      const key = decodeURIComponent(rest.join("/"));
      const body = Buffer.concat(chunks);
      if (b !== bucket) {
        res.writeHead(404, { "content-type": "application/xml" }).end("<Error><Code>NoSuchBucket</Code></Error>");
        return;
      }
      const copySource = req.headers["x-amz-copy-source"];
      if (req.method === "PUT" && key && typeof copySource === "string") {
        // CopyObject: the source is "bucket/key", URL-encoded.
        const [sourceBucket, ...sourceKey] = decodeURIComponent(copySource.replace(/^\//, "")).split("/");
        const o = sourceBucket === bucket ? objects.get(sourceKey.join("/")) : undefined;
        if (!o) {
          res.writeHead(404, { "content-type": "application/xml" }).end("<Error><Code>NoSuchKey</Code></Error>");
          return;
        }
        objects.set(key, { body: Buffer.from(o.body), contentType: o.contentType });
        res
          .writeHead(200, { "content-type": "application/xml" })
          .end(
            '<CopyObjectResult><ETag>"fake"</ETag><LastModified>2026-01-01T00:00:00.000Z</LastModified></CopyObjectResult>',
          );
      } else if (req.method === "PUT" && key) {
        objects.set(key, { body, contentType: req.headers["content-type"] ?? "application/octet-stream" });
        res.writeHead(200, { etag: '"fake"' }).end();
      } else if (req.method === "HEAD" && key) {
        const o = objects.get(key);
        if (!o) res.writeHead(404).end();
        else res.writeHead(200, { "content-type": o.contentType, "content-length": o.body.length }).end();
      } else if (req.method === "GET" && key) {
        const o = objects.get(key);
        const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? "");
        if (!o)
          res
            .writeHead(404, { "content-type": "application/xml" })
            .end("<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>");
        else if (range) {
          // The one form the storage provider sends: bytes=start-end, already checked against the size.
          const [start, end] = [Number(range[1]), Math.min(Number(range[2]), o.body.length - 1)];
          ranges.push(req.headers.range!);
          res
            .writeHead(206, {
              "content-type": o.contentType,
              "content-length": end - start + 1,
              "content-range": `bytes ${start}-${end}/${o.body.length}`,
            })
            .end(o.body.subarray(start, end + 1));
        } else res.writeHead(200, { "content-type": o.contentType, "content-length": o.body.length }).end(o.body);
      } else if (req.method === "DELETE" && key) {
        objects.delete(key);
        res.writeHead(204).end();
      } else if (req.method === "GET" && url.searchParams.get("list-type") === "2") {
        const prefix = url.searchParams.get("prefix") ?? "";
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        const contents = keys
          .map((k) => `<Contents><Key>${xmlEscape(k)}</Key><Size>${objects.get(k)!.body.length}</Size></Contents>`)
          .join("");
        res
          .writeHead(200, { "content-type": "application/xml" })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
          );
      } else if (req.method === "POST" && url.searchParams.has("delete")) {
        const keys = [...body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
        keys.forEach((k) => objects.delete(k));
        res
          .writeHead(200, { "content-type": "application/xml" })
          .end('<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>');
      } else {
        res.writeHead(400, { "content-type": "application/xml" }).end("<Error><Code>NotImplemented</Code></Error>");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    ranges,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
