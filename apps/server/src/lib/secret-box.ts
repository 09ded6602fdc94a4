import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A MAC of `value` for `purpose` (HMAC-SHA-256 under a key derived from this one; 128 bits, base64url). */
  sign(purpose: string, value: string): string;
  /** Whether `mac` is `sign(purpose, value)` (compared in constant time). */
  verify(purpose: string, value: string, mac: string): boolean;
}

/** AES-256-GCM with a random IV per value; the output is "v1.<iv>.<tag>.<ciphertext>" in base64url. */
export function createSecretBox(key: Buffer): SecretBox {
  // Signing uses a key of its own, derived from this one, never the encryption key itself.
  const macKey = createHash("sha256").update("doorstep-sign|").update(key).digest();
  const sign = (purpose: string, value: string) =>
    createHmac("sha256", macKey).update(`${purpose}|${value}`).digest("base64url").slice(0, 22);
  return {
    sign,
    verify(purpose, value, mac) {
      const want = Buffer.from(sign(purpose, value));
      const got = Buffer.from(mac);
      return got.length === want.length && timingSafeEqual(got, want);
    },
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("Unknown sealed value");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}

/**
 * The key for values we encrypt at rest: from SECRET_KEY when set (required for several instances),
 * else a random key created once in DATA_DIR/secret.key (the embedded default).
 */
export function loadSecretKey(secret: string | undefined, dataDir: string): Buffer {
  if (secret) return createHash("sha256").update(secret).digest();
  const file = path.join(dataDir, "secret.key");
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return createHash("sha256").update(fs.readFileSync(file, "utf8").trim()).digest();
}
