import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { inverseNormalCdf } from './inverse-normal.js';
import { logNormalCdf, normalCdf, normalPdf } from './normal.js';

/** Reference values from mpmath at 40 digits: x, N(x), ln N(x), n(x). */
const REFERENCE: readonly (readonly [number, number, number, number])[] = [
  [-37, 5.725571222524577e-300, -689.0305855768906, 2.1200065515246056e-298],
  [-30, 4.906713927148187e-198, -454.3212439563432, 1.4736461348785476e-196],
  [-20, 2.7536241186062337e-89, -203.91715537109727, 5.520948362159764e-88],
  [-10, 7.619853024160525e-24, -53.23128515051247, 7.694598626706419e-23],
  [-5.7, 5.990371401063528e-9, -18.933112423224742, 3.5139550948204334e-8],
  [-3, 0.0013498980316300946, -6.607726221510349, 0.0044318484119380075],
  [-1.5, 0.06680720126885807, -2.7059444008238898, 0.12951759566589172],
  [-0.5, 0.3085375387259869, -1.1759117615936185, 0.35206532676429947],
  [0.3, 0.6179114221889527, -0.4814101615884812, 0.3813878154605241],
  [0.7, 0.758036347776927, -0.2770239422771313, 0.31225393336676127],
  [2, 0.9772498680518208, -0.02301290932896349, 0.05399096651318805],
  [5.6, 0.9999999892824097, -1.07175903157443e-8, 6.182620500165856e-8],
  [8, 0.9999999999999993, -6.220960574271786e-16, 5.052271083536892e-15],
];

const relative = (actual: number, expected: number): number => Math.abs(actual - expected) / Math.abs(expected);

describe('normalCdf, logNormalCdf and normalPdf', () => {
  it.each(REFERENCE)('match mpmath at x = %d to 1e-15 relative', (x, cdf, logCdf, pdf) => {
    expect(relative(normalCdf(x), cdf)).toBeLessThan(1e-15);
    expect(relative(logNormalCdf(x), logCdf)).toBeLessThan(1e-14);
    expect(relative(normalPdf(x), pdf)).toBeLessThan(1e-15);
  });

  it('keeps ln N(x) finite and accurate where N(x) underflows', () => {
    expect(normalCdf(-40)).toBe(0);
    expect(relative(logNormalCdf(-40), -804.6084420137538)).toBeLessThan(1e-15);
    expect(relative(logNormalCdf(-100), -5005.524208694205)).toBeLessThan(1e-15);
    expect(relative(logNormalCdf(-1e5), -5000000012.431864)).toBeLessThan(1e-15);
  });

  it('has exact values at 0 and the limits', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(normalCdf(Number.POSITIVE_INFINITY)).toBe(1);
    expect(normalPdf(Number.POSITIVE_INFINITY)).toBe(0);
    expect(normalCdf(Number.NaN)).toBeNaN();
  });

  test.prop([fc.double({ min: -37, max: 37, noNaN: true })])('N(x) + N(−x) = 1 and N is monotone', (x) => {
    expect(Math.abs(normalCdf(x) + normalCdf(-x) - 1)).toBeLessThan(2e-16);
    expect(normalCdf(x + 1e-3)).toBeGreaterThanOrEqual(normalCdf(x));
  });
});

describe('inverseNormalCdf', () => {
  it.each([
    [1e-300, -37.0470962993612],
    [1e-10, -6.361340902404057],
    [0.001, -3.0902323061678136],
    [0.025, -1.9599639845400543],
    [0.3, -0.5244005127080408],
    [0.9, 1.2815515655446006],
    [0.975, 1.9599639845400538],
  ])('N⁻¹(%d) matches mpmath to 1e-15 relative', (p, z) => {
    expect(relative(inverseNormalCdf(p), z)).toBeLessThan(1e-15);
  });

  it('maps the ends to infinities and anything else to NaN', () => {
    expect(inverseNormalCdf(0.5)).toBe(0);
    expect(inverseNormalCdf(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(inverseNormalCdf(1)).toBe(Number.POSITIVE_INFINITY);
    expect(inverseNormalCdf(1.5)).toBeNaN();
    expect(inverseNormalCdf(Number.NaN)).toBeNaN();
  });

  test.prop([fc.double({ min: 1e-300, max: 0.5, noNaN: true })])('inverts normalCdf in the lower half', (p) => {
    expect(relative(normalCdf(inverseNormalCdf(p)), p)).toBeLessThan(1e-12);
  });
});
