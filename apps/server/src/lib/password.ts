/**
 * Password hashing with Argon2id (api-contract §6; OWASP Password Storage Cheat Sheet: m=19 MiB, t=2,
 * p=1). @node-rs/argon2 is a maintained binding shipped as prebuilt npm packages.
 */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum, not importable under verbatimModuleSyntax) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** PHC-format Argon2id hash of `password`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when `password` matches the PHC `passwordHash`; false (never throws) on a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
