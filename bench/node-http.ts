// The second ceiling beside nginx: Node's own http module serving fixed bytes with fixed headers, nothing else
// (no routing, no cache lookup), pinned like the server. The gap from it to nginx is what Node's HTTP stack
// costs per request (nginx writes a static file with sendfile and parses in C); the gap from the server to it
// is what our code costs. Never part of the product.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort } from "./lib.ts";
import { pinned } from "./nginx.ts";

/** A response as the server sent it: its body's bytes and its headers, flat, without the per-response ones. */
export async function recordResponse(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ body: Buffer; headers: string[] }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (d: Buffer) => parts.push(d));
        res.on("end", () => {
          const flat: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i]!;
            if (!/^(date|connection|keep-alive|content-length|transfer-encoding)$/i.test(name))
              flat.push(name, res.rawHeaders[i + 1]!);
          }
          resolve({ body: Buffer.concat(parts), headers: flat });
        });
      })
      .on("error", reject);
  });
}

/** Serves `body` with `headers` from a bare Node http server on `cpu`; its URL and a stop. */
export async function serveBareNode(
  response: { body: Buffer; headers: string[] },
  options: { cpu?: number } = {},
): Promise<{ url: string; pid: number; stop(): void }> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-bare-node-"));
  fs.writeFileSync(path.join(work, "body"), response.body);
  fs.writeFileSync(path.join(work, "headers.json"), JSON.stringify(response.headers));
  const port = await freePort();
  const script = `
const fs = require("node:fs"), http = require("node:http");
const body = fs.readFileSync(${JSON.stringify(path.join(work, "body"))});
const headers = [...JSON.parse(fs.readFileSync(${JSON.stringify(path.join(work, "headers.json"))}, "utf8")), "Content-Length", String(body.length)];
http.createServer((req, res) => res.writeHead(200, headers).end(body)).listen(${port}, "127.0.0.1");`;
  const [command, args] = pinned(options.cpu, process.execPath, ["--max-semi-space-size=64", "-e", script]);
  const child = spawn(command, args, { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    pid: child.pid!,
    stop() {
      child.kill("SIGTERM");
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}
