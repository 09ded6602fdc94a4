#!/usr/bin/env node
// Compiles the server to JavaScript once, so production runs `node` on plain files and ships no transpiler:
// apps/server/src/main.ts and the admin CLI become apps/server/dist/main.js and dist/admin.js (ESM, Node 20,
// with source maps). Our own code and @doorstep/shared (published as TypeScript source) are bundled; every npm
// package stays an import from node_modules, since native modules (sharp, argon2), PGlite's wasm and packages'
// data files must load from where they were installed. The files the server reads at run time (every file under
// src/ that is not TypeScript: migrations, the guide's browser scripts, the content catalogue) are copied into
// dist/ in the same layout (the guest browser scripts minified), where src/lib/server-files.ts looks for them.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_DIR = path.join(root, "apps/server");
export const SERVER_DIST = path.join(SERVER_DIR, "dist");
const SRC = path.join(SERVER_DIR, "src");

// Bare specifiers (npm packages and node: builtins) stay imports, except our own workspace packages.
const externalPackages = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === "entry-point" || args.path.startsWith("@doorstep/")
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

const isTypeScript = (file) => /\.tsx?$/.test(file);
const isTestOnly = (rel) => rel.split(path.sep).includes("test");

function runtimeFiles(dir = SRC) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (isTestOnly(path.relative(SRC, full))) return [];
    if (entry.isDirectory()) return runtimeFiles(full);
    return isTypeScript(entry.name) ? [] : [full];
  });
}

// Each file lands whole (written aside, then renamed): a server starting while another build runs never
// reads half a bundle.
function writeWhole(file, contents) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(aside, contents);
  fs.renameSync(aside, file);
}

/** Builds apps/server/dist; resolves with the milliseconds it took. */
export async function buildServer() {
  const started = performance.now();
  // esbuild is the server's devDependency: resolve it from there, whatever is hoisted at the root.
  const esbuild = createRequire(path.join(SERVER_DIR, "package.json"))("esbuild");
  const result = await esbuild.build({
    absWorkingDir: SERVER_DIR,
    entryPoints: { main: "./src/main.ts", admin: "./src/cli/admin.ts" },
    outdir: SERVER_DIST,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    jsx: "automatic",
    sourcemap: true,
    plugins: [externalPackages],
    write: false,
    logLevel: "warning",
  });
  // The guest's browser scripts (guide, messages, service worker) are minified: they are fetched on a
  // guest's phone, often on a weak signal. Development serves them as written.
  const runtime = [];
  for (const file of runtimeFiles()) {
    const rel = path.relative(SRC, file);
    const browserScript = rel.startsWith(path.join("guide", "client")) && file.endsWith(".js");
    const contents = browserScript
      ? (await esbuild.transform(fs.readFileSync(file, "utf8"), { minify: true, loader: "js" })).code
      : fs.readFileSync(file);
    runtime.push([path.join(SERVER_DIST, rel), contents]);
  }
  // The build service would otherwise live on beside the server, as a child of `npm start`.
  await esbuild.stop();
  for (const output of result.outputFiles) writeWhole(output.path, output.contents);
  for (const [file, contents] of runtime) writeWhole(file, contents);
  return performance.now() - started;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const ms = await buildServer();
  console.log(`Server built to ${path.relative(root, SERVER_DIST)} in ${Math.round(ms)} ms`);
}
