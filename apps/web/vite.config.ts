import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The API server runs on :3000 in development; the built SPA is served by it in production.
const apiTarget = "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
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
    sourcemap: true,
  },
});
