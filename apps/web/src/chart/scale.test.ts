import { describe, expect, it } from 'vitest';
import { linearScale, niceStep, niceTicks, padded } from './scale.js';

describe('linearScale', () => {
  it('maps the ends of the domain onto the ends of the range, also backwards', () => {
    const x = linearScale([600, 700], [40, 640]);
    expect([x(600), x(650), x(700)]).toEqual([40, 340, 640]);
    const y = linearScale([-400, 100], [300, 20]);
    expect([y(-400), y(100), y(0)]).toEqual([300, 20, 76]);
  });
});

describe('niceTicks', () => {
  it('picks 1-2-5 steps and stays inside the interval', () => {
    expect(niceTicks(-430, 70, 5)).toEqual([-400, -300, -200, -100, 0]);
    expect(niceTicks(641.2, 741.9, 6)).toEqual([660, 680, 700, 720, 740]);
    expect(niceTicks(0.1, 0.9, 4)).toEqual([0.2, 0.4, 0.6, 0.8]);
  });

  it('chooses steps of 1, 2 or 5 times a power of ten', () => {
    expect([niceStep(100, 10), niceStep(100, 6), niceStep(100, 3), niceStep(1, 4), niceStep(700, 3)]).toEqual([10, 20, 20, 0.2, 200]);
  });
});

describe('padded', () => {
  it('widens an interval, and opens a single point into one', () => {
    expect(padded(0, 100, 0.1)).toEqual([-10, 110]);
    const [low, high] = padded(5, 5, 0.1);
    expect(low).toBeLessThan(5);
    expect(high).toBeGreaterThan(5);
  });
});
