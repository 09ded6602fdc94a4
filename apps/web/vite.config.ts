import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * Writes `.br` and `.gz` beside every text asset of the build, once, at the highest levels; the server
 * serves them as they are (@fastify/static `preCompressed`), so no request pays for compression.
 */
function precompress(): Plugin {
  return {
    name: "doorstep-precompress",
    apply: "build",
    writeBundle(options) {
      const dir = options.dir!;
      const walk = (d: string): string[] =>
        fs
          .readdirSync(d, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
      for (const file of walk(dir)) {
        if (!/\.(js|css|html|svg|json|webmanifest)$/.test(file)) continue;
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * React Router's package exports only its development build (extra checks and warnings); a production
 * bundle takes the production build it ships beside it, as React's own `NODE_ENV` switch does.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production/index.mjs",
);

/**
 * React Router's build creates its components with `React.forwardRef(…)` / `React.memo(…)` without a
 * `@__PURE__` mark and then assigns each a `displayName`, so the bundler must keep all of them (NavLink,
 * Form, fetcher forms…) although the dashboard uses few. Marking the calls pure and dropping the names lets
 * it remove the unused ones (about 2 kB gzip of the first view). A release that changes these lines only
 * stops the saving; it cannot change behaviour, since only unreferenced code is dropped.
 */
function treeShakeRouterComponents(): Plugin {
  return {
    name: "doorstep-tree-shake-router-components",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/.test(id)) return null;
      const out = code
        .replace(/= (React\d*\.(?:forwardRef|memo)\()/g, "= /* @__PURE__ */ $1")
        .replace(/^(\w+)\.displayName = "[\w.]+";$/gm, "");
      return out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * zod compiles a fast parser for each object schema with `new Function`, and probes whether it may when the
 * schema is created. The dashboard's CSP has no 'unsafe-eval', so that probe — caught by zod — is still reported
 * as a `script-src` violation on every page that loads a schema. zod reads its settings from
 * `globalThis.__zod_globalConfig` when it loads, before any of our modules can run `z.config`, so the bundle's
 * zod starts jitless: it never probes, and parses with its interpreter (the server keeps the compiled parsers).
 * Fails the build if zod's line changes, rather than letting the violations come back unseen.
 */
function zodJitless(): Plugin {
  const CONFIG_LINE = "(_a.__zod_globalConfig = {})";
  return {
    name: "doorstep-zod-jitless",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      if (!code.includes(CONFIG_LINE))
        throw new Error(`zod's core.js no longer has ${CONFIG_LINE}: make it jitless anew`);
      return { code: code.replace(CONFIG_LINE, "(_a.__zod_globalConfig = { jitless: true })"), map: null };
    },
  };
}

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/;

// The API server runs on :3000 in development; the built SPA is served by it in production.
const apiTarget = "http://localhost:3000";

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress(), treeShakeRouterComponents(), zodJitless()],
  resolve: command === "build" ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/files": { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Maps for error reports, without pointing browsers at them.
    sourcemap: "hidden",
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, React Router and TanStack Query in one chunk, loaded with the entry and cached across
          // deploys that do not touch them; the infinite-query observer serves only lazy routes' lists, and the
          // mutation observer only lazy routes' forms (the header's logout is a plain request).
          groups: [
            {
              name: "framework",
              test: (id) =>
                FRAMEWORK.test(id) &&
                !/[\\/](infiniteQueryObserver|useInfiniteQuery|mutationObserver|useMutation)\.js$/.test(id),
            },
          ],
        },
      },
    },
  },
}));
