import { randomInt } from 'node:crypto';

/** A seeded source of choices (mulberry32): the same seed makes the same requests, so a failure can be replayed. */
export interface Random {
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  bytes(n: number): Buffer;
}

export function seeded(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    seed,
    next,
    int,
    pick: <T>(items: readonly T[]) => items[int(items.length)]!,
    bytes: (n) => Buffer.from(Array.from({ length: n }, () => int(256))),
  };
}

/** A fresh seed, for runs that should explore rather than repeat. */
export const newSeed = () => randomInt(2 ** 31);
