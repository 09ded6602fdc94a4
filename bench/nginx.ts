// nginx from Debian serving fixed bytes as a static file: the ceiling a server's throughput is compared with,
// measured by the same load tool in the same run. Never part of the product.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./lib.ts";

function findNginx(): string | null {
  for (const p of ["/usr/sbin/nginx", "/usr/bin/nginx"]) if (fs.existsSync(p)) return p;
  return null;
}

/** nginx from Debian, installed for the bench when missing (root only). */
function ensureNginx(): string {
  const found = findNginx();
  if (found) return found;
  console.log("installing nginx-light from Debian for the comparison…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "nginx-light"], { stdio: "ignore", env })
      .status === 0;
  if (!install()) {
    spawnSync("apt-get", ["update"], { stdio: "ignore", env });
    install();
  }
  const installed = findNginx();
  if (!installed) throw new Error("nginx is not installed and could not be installed (apt-get install nginx-light)");
  return installed;
}

export interface StaticServer {
  url: string;
  /** nginx's master process (its worker is its child). */
  pid: number;
  version: string;
  stop(): void;
}

/**
 * Serves `html` at /index.html with nginx. `workers` is nginx's worker count (one, to compare with one Node
 * process); `cpu` pins it to a core with taskset where available; `contentEncoding` labels bytes that are
 * already compressed (the same bytes the server sends a browser), which nginx then serves as they are.
 */
export async function serveStatic(
  html: string | Buffer,
  options: { workers?: number; cpu?: number; contentEncoding?: string } = {},
): Promise<StaticServer> {
  const bin = ensureNginx();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-nginx-"));
  fs.writeFileSync(path.join(work, "index.html"), html);
  const port = await freePort();
  const conf = path.join(work, "nginx.conf");
  fs.writeFileSync(
    conf,
    `worker_processes ${options.workers ?? "auto"}; daemon off; pid ${work}/nginx.pid; error_log ${work}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; keepalive_requests 100000; client_body_temp_path ${work}; proxy_temp_path ${work}; fastcgi_temp_path ${work}; uwsgi_temp_path ${work}; scgi_temp_path ${work};
  server { listen 127.0.0.1:${port}; root ${work}; location / { default_type text/html;${options.contentEncoding ? ` add_header Content-Encoding ${options.contentEncoding};` : ""} } } }`,
  );
  const [command, args] = pinned(options.cpu, bin, ["-c", conf, "-e", `${work}/error.log`]);
  const child = spawn(command, args, { stdio: "ignore" });
  const version = execFileSync(bin, ["-v"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim() || "nginx";
  const url = `http://127.0.0.1:${port}/index.html`;
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    pid: child.pid!,
    version,
    stop() {
      child.kill("SIGTERM");
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

/** The command and arguments that run `bin` on one core, when taskset exists and a core is asked for. */
export function pinned(cpu: number | undefined, bin: string, args: string[]): [string, string[]] {
  if (cpu === undefined || !fs.existsSync("/usr/bin/taskset")) return [bin, args];
  return ["/usr/bin/taskset", ["-c", String(cpu), bin, ...args]];
}
