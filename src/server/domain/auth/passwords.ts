/**
 * Password hashing (DECISIONS 7, 29): scrypt from node:crypto at OWASP's cost (N=2^17, r=8,
 * p=1), a random 16-byte salt per hash, stored as a PHC-style string that carries its
 * parameters, so the cost can be raised later and old hashes upgraded at the next sign-in.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** A scrypt cost: log2 N, block size r, parallelism p. */
export interface PasswordCost {
  readonly ln: number;
  readonly r: number;
  readonly p: number;
}

/** Cost parameters of new hashes in production: log2 N, block size r, parallelism p. */
export const PASSWORD_COST: PasswordCost = { ln: 17, r: 8, p: 1 };

let currentCost: PasswordCost = PASSWORD_COST;

/**
 * Sets the cost of new hashes; for the unit tests' setup only (tests/unit/setup.ts), so that
 * one test pays the production cost and the hundreds of sign-ups elsewhere do not. Nothing in
 * the site calls it.
 */
export function usePasswordCost(cost: PasswordCost): void {
  currentCost = cost;
  dummyHash = undefined;
}
const KEY_LENGTH = 32;

function scryptAsync(
  password: string,
  salt: Buffer,
  cost: { ln: number; r: number; p: number },
): Promise<Buffer> {
  const N = 2 ** cost.ln;
  // scrypt needs about 128 * N * r bytes; Node refuses more than 32 MiB unless maxmem is raised.
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `$scrypt$ln=17,r=8,p=1$<salt>$<hash>` (salt and hash in unpadded base64). */
const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

interface ParsedHash {
  readonly cost: { ln: number; r: number; p: number };
  readonly salt: Buffer;
  readonly hash: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const match = PHC.exec(stored);
  if (!match) return undefined;
  const [, ln, r, p, salt, hash] = match;
  return {
    cost: { ln: Number(ln), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt!, 'base64'),
    hash: Buffer.from(hash!, 'base64'),
  };
}

const b64 = (buffer: Buffer) => buffer.toString('base64').replace(/=+$/, '');

/** Hashes a password with a fresh salt at the current cost. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, currentCost);
  const { ln, r, p } = currentCost;
  return `$scrypt$ln=${ln},r=${r},p=${p}$${b64(salt)}$${b64(hash)}`;
}

/** True when `password` matches `stored`; compared in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.cost.ln > 20) return false;
  const candidate = await scryptAsync(password, parsed.salt, parsed.cost);
  return candidate.length === parsed.hash.length && timingSafeEqual(candidate, parsed.hash);
}

/** True when `stored` was made at another cost than today's, so it should be hashed again. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  const { ln, r, p } = currentCost;
  return parsed.cost.ln !== ln || parsed.cost.r !== r || parsed.cost.p !== p;
}

/**
 * A hash of no one's password, made once, to verify against when the account does not exist, so
 * a sign-in with an unknown e-mail takes as long as one with a wrong password.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
