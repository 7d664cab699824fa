import { hash, verify } from '@node-rs/argon2';

// argon2id (the library default algorithm) with OWASP's minimum memory cost.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verifying against this when the user does not exist keeps timing from revealing accounts.
const DUMMY_HASH = hash('not-a-real-password', OPTIONS);

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await DUMMY_HASH), password);
  } catch {
    return false;
  }
}
