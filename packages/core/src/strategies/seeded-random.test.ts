import { describe, expect, it } from 'vitest';
import { hashString, mixSeed, SeededRandom } from './seeded-random.js';

const draws = (seed: number, count: number, draw: (random: SeededRandom) => number): number[] => {
  const random = new SeededRandom(seed);
  return Array.from({ length: count }, () => draw(random));
};

describe('SeededRandom', () => {
  it('gives the same sequence for the same seed, bit for bit', () => {
    expect(draws(42, 1000, (r) => r.uniform())).toEqual(draws(42, 1000, (r) => r.uniform()));
    expect(draws(42, 1000, (r) => r.normal())).toEqual(draws(42, 1000, (r) => r.normal()));
  });

  it('gives different sequences for different seeds, also seeds 2³² apart', () => {
    const base = draws(42, 20, (r) => r.nextUint32());
    for (const seed of [43, 42 + 2 ** 32, 42.5, -42, 0]) {
      const other = draws(seed, 20, (r) => r.nextUint32());
      expect(other.filter((value, i) => value === base[i]).length).toBeLessThan(2);
    }
  });

  it('keeps uniforms strictly inside (0, 1) with mean 1/2 and variance 1/12', () => {
    const values = draws(7, 100_000, (r) => r.uniform());
    expect(values.every((u) => u > 0 && u < 1)).toBe(true);
    const mean = values.reduce((sum, u) => sum + u, 0) / values.length;
    const variance = values.reduce((sum, u) => sum + (u - mean) ** 2, 0) / values.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.005);
    expect(Math.abs(variance - 1 / 12)).toBeLessThan(0.002);
    // Each tenth of the interval holds 10 % ± 0.5 pp (more than 5 standard errors).
    const deciles = new Array<number>(10).fill(0);
    for (const u of values) deciles[Math.floor(u * 10)]! += 1;
    for (const count of deciles) expect(Math.abs(count / values.length - 0.1)).toBeLessThan(0.005);
  });

  it('draws standard normals: mean ≈ 0, variance ≈ 1, tails as N(0, 1)', () => {
    for (const seed of [1, 2, 3]) {
      const values = draws(seed, 100_000, (r) => r.normal());
      const mean = values.reduce((sum, z) => sum + z, 0) / values.length;
      const variance = values.reduce((sum, z) => sum + (z - mean) ** 2, 0) / values.length;
      const kurtosis = values.reduce((sum, z) => sum + (z - mean) ** 4, 0) / values.length / variance ** 2;
      const beyond196 = values.filter((z) => Math.abs(z) > 1.959963984540054).length / values.length;
      // Standard errors: mean 0.0032, variance 0.0045, kurtosis ≈ 0.015, tail share 0.0007.
      expect(Math.abs(mean)).toBeLessThan(0.015);
      expect(Math.abs(variance - 1)).toBeLessThan(0.02);
      expect(Math.abs(kurtosis - 3)).toBeLessThan(0.1);
      expect(Math.abs(beyond196 - 0.05)).toBeLessThan(0.004);
    }
  });

  it('draws successive normals without correlation', () => {
    const values = draws(11, 100_000, (r) => r.normal());
    let lagged = 0;
    for (let i = 1; i < values.length; i++) lagged += values[i]! * values[i - 1]!;
    expect(Math.abs(lagged / (values.length - 1))).toBeLessThan(0.015);
  });
});

describe('mixSeed and hashString', () => {
  it('are deterministic 32-bit unsigned integers', () => {
    const seed = mixSeed(7, hashString('2024-03-15'), 390, 400, 450, 460);
    expect(seed).toBe(mixSeed(7, hashString('2024-03-15'), 390, 400, 450, 460));
    expect(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32).toBe(true);
    expect(Number.isInteger(hashString('')) && hashString('') >= 0).toBe(true);
  });

  it('tell apart nearby values, order, length, dates and fractional parts', () => {
    const seeds = [
      mixSeed(1, 2, 3),
      mixSeed(3, 2, 1),
      mixSeed(1, 2),
      mixSeed(1, 2, 3, 0),
      mixSeed(0.16),
      mixSeed(0.15),
      mixSeed(412.5),
      mixSeed(412),
      mixSeed(Number.NaN),
      hashString('2024-03-15'),
      hashString('2024-03-16'),
      hashString('2025-03-15'),
    ];
    expect(new Set(seeds).size).toBe(seeds.length);
  });

  it('hash −0 as 0 and every NaN alike', () => {
    expect(mixSeed(-0)).toBe(mixSeed(0));
    expect(mixSeed(Number.NaN)).toBe(mixSeed(0 / 0));
  });
});
