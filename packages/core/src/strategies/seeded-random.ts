const TWO_POW_MINUS_32 = 2 ** -32;
const TWO_PI = 2 * Math.PI;

const scratch = new DataView(new ArrayBuffer(8));

const rotl = (x: number, r: number): number => (x << r) | (x >>> (32 - r));

/** MurmurHash3's finaliser: every input bit reaches every output bit. */
function fmix32(input: number): number {
  let h = input;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** One 32-bit block of MurmurHash3_x86_32. */
function murmurBlock(hash: number, block: number): number {
  let k = Math.imul(block, 0xcc9e2d51);
  k = Math.imul(rotl(k, 15), 0x1b873593);
  const h = rotl(hash ^ k, 13);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/**
 * A 32-bit seed from any numbers: MurmurHash3 (x86, 32-bit) over their IEEE-754 doubles, so 0.16 and
 * 0.15 or 412.5 and 412 differ. −0 hashes as 0 and every NaN alike (pass NaN for an absent value).
 * Order matters. Mix in strings with `hashString`.
 *
 * @example
 * mixSeed(runSeed, hashString('2024-03-15'), 45, 390, 400, 450, 460) // the seed of one entry
 */
export function mixSeed(...values: readonly number[]): number {
  let hash = 0x9747b28c;
  for (const value of values) {
    if (Number.isNaN(value)) {
      scratch.setUint32(0, 0x7ff80000);
      scratch.setUint32(4, 0);
    } else {
      scratch.setFloat64(0, value === 0 ? 0 : value);
    }
    hash = murmurBlock(hash, scratch.getUint32(0));
    hash = murmurBlock(hash, scratch.getUint32(4));
  }
  return fmix32(hash ^ (values.length * 8));
}

/** A 32-bit hash of a string: FNV-1a over its UTF-16 code units, finished with MurmurHash3's fmix32. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return fmix32(hash);
}

/**
 * A seeded pseudo-random stream: Chris Doty-Humphrey's sfc32 (128-bit state, passes PractRand),
 * its state filled from the seed by splitmix32. Not for cryptography. Same seed, same sequence,
 * bit for bit.
 *
 * @example
 * const random = new SeededRandom(mixSeed(7, hashString('2024-03-15')));
 * random.uniform(); // in (0, 1)
 * random.normal(); // standard normal
 */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal = Number.NaN;

  /** Any finite number: the whole double is hashed, so 1 and 1 + 2³² give different streams. */
  constructor(seed: number) {
    let state = mixSeed(seed);
    const splitmix32 = (): number => {
      state = (state + 0x9e3779b9) | 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
      z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
      return (z ^ (z >>> 15)) | 0;
    };
    this.a = splitmix32();
    this.b = splitmix32();
    this.c = splitmix32();
    this.d = splitmix32();
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** The next 32 random bits, as an integer in [0, 2³²). */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = rotl(this.c, 21);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform on the open interval (0, 1), on a grid of 2⁻³² (never 0 or 1). */
  uniform(): number {
    return (this.nextUint32() + 0.5) * TWO_POW_MINUS_32;
  }

  /** A standard normal by Box–Muller; each pair of uniforms gives two, the second kept for the next call. */
  normal(): number {
    const spare = this.spareNormal;
    if (!Number.isNaN(spare)) {
      this.spareNormal = Number.NaN;
      return spare;
    }
    const radius = Math.sqrt(-2 * Math.log(this.uniform()));
    const angle = TWO_PI * this.uniform();
    this.spareNormal = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }
}
