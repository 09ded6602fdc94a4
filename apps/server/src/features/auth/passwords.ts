import { hash, verify } from "@node-rs/argon2";

// argon2id (the library's default algorithm), 19 MiB, t=2 (docs/architecture.md §10, OWASP minimum).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id and a random salt (AUTH-48). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Checks a password against a stored argon2 hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

// A real hash of a random password: verifying against it when the user does not exist costs the same
// time as a real check, so timing does not add to what the documented copy already reveals (OPEN-15).
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}
