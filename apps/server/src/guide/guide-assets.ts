import { createHash } from "node:crypto";
import fs from "node:fs";
import { compressible } from "../lib/compression.ts";
import { serverFile } from "../lib/server-files.ts";

const read = (name: string) => fs.readFileSync(serverFile("guide", "client", name), "utf8");
const clientScript = read("guide.js");
const hash = createHash("sha256").update(clientScript).digest("hex").slice(0, 10);

/** The guide's one script, named by its content so it can be cached for a year. */
export const GUIDE_SCRIPT = {
  name: `guide-${hash}.js`,
  url: `/g/_/guide-${hash}.js`,
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
  body: compressible(messagesScript),
};
