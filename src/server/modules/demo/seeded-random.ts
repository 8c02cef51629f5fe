/**
 * A seeded pseudo-random generator (mulberry32): the same sequence for the same seed, for demo data and
 * for tests that want varied but repeatable input.
 * @param seed any 32-bit integer.
 * @returns a function giving numbers in [0, 1).
 */
export function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
