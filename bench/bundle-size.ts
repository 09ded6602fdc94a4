// Gzipped size of the JavaScript the dashboard loads on first view (budget: 200 KB, docs/architecture.md §9).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { ROOT } from "./lib.ts";

const dist = path.join(ROOT, "apps/web/dist");
const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
const initial = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
const initialBytes = initial.reduce((sum, f) => sum + gz(f), 0);
const all = fs.readdirSync(path.join(dist, "assets")).filter((f) => f.endsWith(".js"));
const allBytes = all.reduce((sum, f) => sum + gz(`assets/${f}`), 0);
console.log(
  `dashboard JS gzip: initial ${(initialBytes / 1024).toFixed(1)} KB (${initial.length} files), all chunks ${(allBytes / 1024).toFixed(1)} KB (${all.length} files)`,
);
