import { createECDH, createHmac } from "node:crypto";
import webpush from "web-push";

/** A browser's push subscription (the Push API's `PushSubscription.toJSON()`). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Web Push to guests (IMPL-08): VAPID-signed, encrypted messages to the browsers' push services. */
export interface PushProvider {
  /** The VAPID public key the browser subscribes with (public by design). */
  readonly publicKey: string;
  /** Whether the server may send to this endpoint (a push service's host, never an address of ours). */
  allows(endpoint: string): boolean;
  /** Sends one message; "gone" when the push service says the subscription no longer exists. */
  send(target: PushTarget, payload: string): Promise<"sent" | "gone">;
}

/** The push services browsers use (Chrome/Edge/Opera, Firefox, Safari, Windows). */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "web.push.apple.com",
  ".notify.windows.com",
  ".push.apple.com",
];

/**
 * VAPID keys derived from the server's secret key (HMAC, then a P-256 public key): every instance that shares
 * the secret signs alike, and a backup (which carries the key) keeps every subscription working after a restore.
 */
export function vapidKeys(secret: Buffer): { publicKey: string; privateKey: string } {
  const privateKey = createHmac("sha256", secret).update("doorstep web push vapid").digest();
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(privateKey);
  return { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: privateKey.toString("base64url") };
}

export function createWebPush(options: {
  secret: Buffer;
  subject: string;
  /** Hosts push may go to: a push service's exact host, or a suffix starting with a dot. */
  hosts: readonly string[];
  /** Plain http to these hosts too (the local push endpoint of the tests). */
  allowHttp?: boolean;
}): PushProvider {
  const keys = vapidKeys(options.secret);
  return {
    publicKey: keys.publicKey,
    allows(endpoint) {
      let url: URL;
      try {
        url = new URL(endpoint);
      } catch {
        return false;
      }
      if (url.protocol !== "https:" && !(options.allowHttp && url.protocol === "http:")) return false;
      const host = url.hostname.toLowerCase();
      return options.hosts.some((h) => (h.startsWith(".") ? host.endsWith(h) : host === h));
    },
    async send(target, payload) {
      if (!this.allows(target.endpoint)) return "gone";
      // web-push signs (VAPID) and encrypts (aes128gcm); the request itself goes by fetch, which also speaks
      // the plain http of the tests' local push service.
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: 24 * 3600,
        },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? undefined,
        signal: AbortSignal.timeout(10_000),
        redirect: "error",
      });
      if (response.status === 404 || response.status === 410) return "gone";
      if (!response.ok) throw new Error(`push service answered ${response.status}`);
      return "sent";
    },
  };
}
