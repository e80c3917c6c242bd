import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** Argon2id (the library's const enum value, which isolated modules cannot import). */
const ARGON2ID = 2;

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * How many hashes or checks run at once: one per core, at most three (libuv has four threads,
 * which the server's file reads share). Each holds its 19 MB (`memoryCost`) while it runs, and
 * more at once than cores only share the cores: four sign-ins at once on two cores held 76 MB
 * more for no more sign-ins per second (docs/decisions/055).
 */
export const ARGON2_AT_ONCE = Math.max(1, Math.min(availableParallelism(), 3));

/** Runs work at most `limit` at a time, the rest waiting in order: a slot freed goes to the next. */
export function concurrencyLimit(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < limit) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}

/** The server's Argon2 work, hashes and checks alike. */
export const argon2Work = concurrencyLimit(ARGON2_AT_ONCE);

export function hashPassword(password: string): Promise<string> {
  return argon2Work.run(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argon2Work.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when the email is unknown, so that an unknown
 * email and a wrong password take the same time.
 */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}
