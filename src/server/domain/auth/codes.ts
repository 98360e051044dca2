/**
 * One-time codes (DECISIONS 5, 28): 6 digits from a cryptographic generator, kept only as an
 * HMAC with a per-request salt, compared in constant time. The opaque ids and secrets that go
 * with a pending request are random base64url strings; secrets are kept only as hashes.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** How long a code is valid, in milliseconds (10 minutes). */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong tries after which a code is void. */
export const MAX_CODE_TRIES = 5;

/** A fresh 6-digit code, 100000-999999. */
export function newCode(): string {
  return String(randomInt(100_000, 1_000_000));
}

/** A random opaque token: 24 bytes, base64url (32 characters). */
export function newOpaqueToken(): string {
  return randomBytes(24).toString('base64url');
}

/** A fresh salt for `hashCode`. */
export function newSalt(): string {
  return randomBytes(16).toString('base64url');
}

/** The stored form of a code: HMAC-SHA256 keyed by the request's salt. */
export function hashCode(code: string, salt: string): string {
  return createHmac('sha256', salt).update(code.trim()).digest('base64url');
}

/** SHA-256 of a secret (an opaque key, an e-mail for an index key), base64url. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Compares two stored hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
