/**
 * Deterministic randomness for the seed generators: the same seed always builds the same database, so
 * tests can assert on it and a benchmark can be rebuilt exactly. Nothing here uses Math.random.
 */

export type Rng = () => number;

/** mulberry32: a small, fast 32-bit generator; returns numbers in [0, 1). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A stateless hash of integers to [0, 1). Used where a value must not depend on the order of generation,
 * e.g. the rain on one day in one program, which every station of that program shares.
 */
export function hashUnit(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ (part | 0), 0x01000193);
    h ^= h >>> 13;
    h = Math.imul(h, 0x5bd1e995);
    h ^= h >>> 15;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Seed for a child generator, so that parts of the data set do not shift when another part changes. */
export const childSeed = (seed: number, ...parts: number[]) => Math.floor(hashUnit(seed, ...parts) * 4294967296);

/** Standard normal draw (Box-Muller). */
export function normal(rng: Rng): number {
  const u = 1 - rng();
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export const intBetween = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

export const pick = <T>(rng: Rng, items: readonly T[]): T => {
  if (items.length === 0) throw new RangeError('pick from an empty list');
  return items[Math.floor(rng() * items.length)] as T;
};

export const chance = (rng: Rng, p: number) => rng() < p;
