/**
 * Messages to every instance of the app (scaled mode, docs/architecture.md §1): what one instance changes,
 * the others hear about, e.g. a guide whose cached pages must go. In one process it is a local event; with
 * REDIS_URL it is Redis pub/sub. Delivery is at most once: use it for caches, never for data.
 */
export interface Broadcast {
  readonly kind: "memory" | "redis";
  /** Delivers `message` to this instance's listeners at once (before resolving) and to every other instance. */
  publish(channel: string, message: string): Promise<void>;
  /** Listens on `channel`; returns the function that stops listening. */
  subscribe(channel: string, listener: (message: string) => void): () => void;
  /** Resolves once every subscription asked for so far listens to the other instances too. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Listeners per channel, shared by both implementations for local delivery. */
export function createListeners() {
  const byChannel = new Map<string, Set<(message: string) => void>>();
  return {
    add(channel: string, listener: (message: string) => void) {
      const set = byChannel.get(channel) ?? new Set();
      set.add(listener);
      byChannel.set(channel, set);
      return () => void set.delete(listener);
    },
    emit(channel: string, message: string) {
      for (const listener of byChannel.get(channel) ?? []) listener(message);
    },
  };
}
