import path from "node:path";
import { fileURLToPath } from "node:url";

// The server reads some of its own files at run time (migrations, the guide's browser scripts, the content
// catalogue), laid out as under src/. Run from source, this module is src/lib/server-files.ts and the root is
// src/. The production build bundles it into dist/main.js (or dist/admin.js) and copies those files into dist/
// in the same layout, so the root is the bundle's own folder.
const here = fileURLToPath(import.meta.url);
const fromSource = path.extname(here) === ".ts";

/** src/ when running from TypeScript source, dist/ when running the compiled build. */
export const SERVER_ROOT = fromSource ? path.resolve(path.dirname(here), "..") : path.dirname(here);

/** A file the server reads at run time, by its path under src/ (e.g. `serverFile("db", "migrations")`). */
export const serverFile = (...segments: string[]): string => path.join(SERVER_ROOT, ...segments);
