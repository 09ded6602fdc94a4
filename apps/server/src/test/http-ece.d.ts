// The encryption of Web Push messages (RFC 8188), used by the tests to open what the server sent a browser.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  export function decrypt(
    body: Buffer,
    options: { version: "aes128gcm"; privateKey: ECDH; authSecret: Buffer },
  ): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
