/**
 * Opaque bearer tokens (DESIGN.md §6): 256 random bits, base64url; only SHA-256 hex is
 * stored, so a database leak does not leak usable tokens.
 */
import { createHash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
