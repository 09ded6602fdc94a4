import vm from "node:vm";
import { SERVICE_WORKER } from "../guide/guide-assets.ts";

type Handler = (event: unknown) => void;
export type ServerAnswer = (url: string) => Promise<Response> | Response;

/**
 * The guide's service worker (client/sw.js) run in a Node VM with an in-memory Cache API, a switchable network
 * and its own clock: what a phone does with it, without a browser (the browser tests cannot move a worker's
 * clock). Only what the worker uses is modelled.
 */
export function runServiceWorker(options: { origin: string; scope: string; server: ServerAnswer }) {
  const handlers: Record<string, Handler> = {};
  const store = new Map<string, Map<string, Response>>();
  const keyOf = (key: string | { url: string }) =>
    new URL(typeof key === "string" ? key : key.url, options.origin).href;
  const open = (name: string) => {
    const entries = store.get(name) ?? new Map<string, Response>();
    store.set(name, entries);
    return {
      put: async (key: string | { url: string }, response: Response) => void entries.set(keyOf(key), response),
      match: async (key: string | { url: string }) => entries.get(keyOf(key))?.clone(),
      add: async (key: string) => void entries.set(keyOf(key), new Response("")),
    };
  };
  const worker = { online: true, now: Date.now(), store };
  const RealDate = Date;
  const WorkerDate = class extends RealDate {
    static override now() {
      return worker.now;
    }
  };
  const context = vm.createContext({
    self: {
      registration: { scope: `${options.origin}${options.scope}` },
      addEventListener: (type: string, handler: Handler) => (handlers[type] = handler),
      skipWaiting: async () => undefined,
      clients: { claim: async () => undefined },
    },
    location: new URL(options.origin),
    caches: { open: async (name: string) => open(name), delete: async (name: string) => store.delete(name) },
    fetch: async (request: string | { url: string }) => {
      if (!worker.online) throw new TypeError("Failed to fetch");
      return options.server(keyOf(request));
    },
    Response,
    Headers,
    URL,
    Date: WorkerDate,
  });
  vm.runInContext(SERVICE_WORKER, context);

  /** A navigation to `path` as the browser hands it to the worker; the page it answers. */
  async function navigate(path: string): Promise<Response> {
    let answer: Promise<Response> | undefined;
    handlers.fetch!({
      request: { method: "GET", mode: "navigate", url: keyOf(path) },
      respondWith: (p: Promise<Response>) => (answer = p),
    });
    if (!answer) throw new Error(`the worker left ${path} to the browser`);
    const response = await answer;
    // The worker stores in the background: let it finish.
    await new Promise((resolve) => setTimeout(resolve, 20));
    return response;
  }
  return { worker, navigate };
}
