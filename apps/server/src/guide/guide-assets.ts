import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { compressible } from "../lib/compression.ts";
import { serverFile } from "../lib/server-files.ts";

const read = (name: string) => fs.readFileSync(serverFile("guide", "client", name), "utf8");
const clientScript = read("guide.js");
const hash = createHash("sha256").update(clientScript).digest("hex").slice(0, 10);

/** The guide's one script, named by its content so it can be cached for a year. */
export const GUIDE_SCRIPT = {
  name: `guide-${hash}.js`,
  url: `/g/_/guide-${hash}.js`,
  type: "text/javascript; charset=utf-8",
  body: compressible(clientScript),
};

/** The service worker, pointing at the current script (a new script means a new worker). */
export const SERVICE_WORKER = read("sw.js").replace("__GUIDE_SCRIPT__", GUIDE_SCRIPT.url);

const messagesScript = read("messages.js");
const messagesHash = createHash("sha256").update(messagesScript).digest("hex").slice(0, 10);

/** The messages page's script: loaded only there, so the guide's first view does not carry it. */
export const MESSAGES_SCRIPT = {
  name: `messages-${messagesHash}.js`,
  url: `/g/_/messages-${messagesHash}.js`,
  type: "text/javascript; charset=utf-8",
  body: compressible(messagesScript),
};

const storeScript = read("store.js");
const storeHash = createHash("sha256").update(storeScript).digest("hex").slice(0, 10);

/** The guest store page's script (decision 053): loaded only there. */
export const STORE_SCRIPT = {
  name: `store-${storeHash}.js`,
  url: `/g/_/store-${storeHash}.js`,
  type: "text/javascript; charset=utf-8",
  body: compressible(storeScript),
};

// Leaflet (GUIDE-15) from our own origin, loaded by the guide's script only when a guest opens the map: never
// part of the first view, and no third-party script origin in the CSP. Resolved from node_modules, where the
// compiled build finds it too.
const leafletDir = path.dirname(createRequire(import.meta.url).resolve("leaflet/package.json"));
function leafletAsset(file: string, ext: "js" | "css") {
  const body = fs.readFileSync(path.join(leafletDir, "dist", file), "utf8");
  const digest = createHash("sha256").update(body).digest("hex").slice(0, 10);
  return {
    name: `leaflet-${digest}.${ext}`,
    url: `/g/_/leaflet-${digest}.${ext}`,
    type: ext === "js" ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8",
    body: compressible(body),
  };
}

/** Leaflet's script and stylesheet, named by their content so they can be cached for a year. */
export const LEAFLET_SCRIPT = leafletAsset("leaflet.js", "js");
export const LEAFLET_STYLE = leafletAsset("leaflet.css", "css");
