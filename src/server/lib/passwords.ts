/**
 * Password hashing: argon2id, m = 19456 KiB, t = 2, p = 1 (OWASP Password Storage Cheat
 * Sheet minimum; DESIGN.md §2).
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the enum is a const enum that isolatedModules cannot inline. */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

/** False on mismatch or on a malformed hash; never throws for bad input. */
export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** A valid hash of a random secret, verified against when the user does not exist, so
 * that unknown usernames cost the same time as wrong passwords. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`dummy-${Math.random()}`);
  return dummy;
}
