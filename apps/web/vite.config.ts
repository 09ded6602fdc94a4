import fs from "node:fs";
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

// The API server runs on :3000 in development; the built SPA is served by it in production.
const apiTarget = "http://localhost:3000";

export default defineConfig({
  plugins: [react(), precompress()],
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
  },
});
