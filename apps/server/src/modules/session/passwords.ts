import { hash, verify } from '@node-rs/argon2';

/** Argon2id (the package's Algorithm.Argon2id, a const enum that isolated modules cannot import). */
const ARGON2ID = 2;

const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

/** A hash of nothing, verified when the login name is unknown so both failures take the same time. */
let decoy: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash) return verify(passwordHash, password);
  decoy ??= hashPassword('decoy-password-for-unknown-login-names');
  await verify(await decoy, password);
  return false;
}
