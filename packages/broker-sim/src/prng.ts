/** A uniform generator on [0, 1). */
export type Uniform = () => number;

/** Mixes 32-bit words into one well-scrambled 32-bit seed (murmur3's finaliser over each word). */
export function mixSeed(...words: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const word of words) {
    h = Math.imul(h ^ (word >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** FNV-1a over the UTF-16 code units of `text`. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: a small, fast, seeded 32-bit generator. */
export function mulberry32(seed: number): Uniform {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A standard normal draw (Box–Muller, one of the pair). */
export function normal(uniform: Uniform): number {
  const u = 1 - uniform();
  const v = uniform();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A uniform on [0, 1) that depends only on the words, for values looked up out of order. */
export function uniformAt(...words: readonly number[]): number {
  return mulberry32(mixSeed(...words))();
}
