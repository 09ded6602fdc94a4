import { createListeners, type Broadcast } from "./broadcast.ts";

/** One process (the embedded default): a message reaches this process's listeners only. */
export function createMemoryBroadcast(): Broadcast {
  const listeners = createListeners();
  return {
    kind: "memory",
    async publish(channel, message) {
      listeners.emit(channel, message);
    },
    subscribe: (channel, listener) => listeners.add(channel, listener),
    async ready() {},
    async close() {},
  };
}
