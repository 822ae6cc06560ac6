import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { FILL_MODEL, fillChance } from './fill-curve.js';
import { fillIntervalIndex, intervalFill, type FillQuestion } from './fill-model.js';

const cents = fc.integer({ min: -2_000, max: 2_000 }).map((c) => c / 100);
const market = fc.record({ netMid: cents, width: fc.integer({ min: 1, max: 300 }).map((c) => c / 100) });

/** A working order against a market with a spread: limits from far better than the mid to well through the natural. */
const question = fc
  .record({
    market,
    way: fc.double({ min: -2, max: 3, noNaN: true }),
    qty: fc.integer({ min: 1, max: 40 }),
    filledShare: fc.double({ min: 0, max: 1, noNaN: true }),
    orderId: fc.string({ minLength: 1, maxLength: 20 }),
    seed: fc.integer(),
    interval: fc.nat({ max: 5_000 }),
  })
  .map(
    ({ market: { netMid, width }, way, qty, filledShare, orderId, seed, interval }): FillQuestion => ({
      limitPrice: netMid + way * width,
      netMid,
      netNatural: netMid + width,
      qty,
      filledQty: Math.floor(filledShare * qty),
      orderId,
      seed,
      interval,
    }),
  );

const credit = { netMid: -1.5, netNatural: -1.1 } as const;
const limitAt = (way: number): number => credit.netMid + way * (credit.netNatural - credit.netMid);
const tenLot = (orderId: string, way: number, seed = 7): FillQuestion => ({ ...credit, limitPrice: limitAt(way), qty: 10, filledQty: 0, orderId, seed, interval: 0 });
const orders = (count: number): string[] => Array.from({ length: count }, (_, i) => `order-${i}`);

describe('intervalFill', () => {
  test.prop([question])('gives the same answer for the same question', (q) => {
    expect(intervalFill({ ...q })).toEqual(intervalFill(q));
  });

  it('draws anew for another seed, order or interval', () => {
    const outcomes = (change: (q: FillQuestion) => FillQuestion): number[] => orders(200).map((id) => intervalFill(change(tenLot(id, 0.5))).qty);
    const base = outcomes((q) => q);
    expect(outcomes((q) => q)).toEqual(base);
    expect(outcomes((q) => ({ ...q, seed: 8 }))).not.toEqual(base);
    expect(outcomes((q) => ({ ...q, interval: 1 }))).not.toEqual(base);
    expect(outcomes((q) => ({ ...q, orderId: `${q.orderId}-b` }))).not.toEqual(base);
  });

  test.prop([question])('fills whole units, never more than remain', (q) => {
    const { qty } = intervalFill(q);
    expect(Number.isInteger(qty)).toBe(true);
    expect(qty).toBeGreaterThanOrEqual(0);
    expect(qty).toBeLessThanOrEqual(q.qty - q.filledQty);
  });

  test.prop([question])('fills at the limit, exactly', (q) => {
    expect(intervalFill(q).price).toBe(q.limitPrice);
  });

  test.prop([question, fc.double({ min: 0, max: 2, noNaN: true })])('a limit worse for the trader never fills less, draw for draw', (q, worseBy) => {
    const worse = { ...q, limitPrice: q.limitPrice + worseBy * (q.netNatural - q.netMid) };
    expect(intervalFill(worse).qty).toBeGreaterThanOrEqual(intervalFill(q).qty);
  });

  test.prop([question, fc.integer({ min: 1, max: 20 })])('more remaining never fills less, draw for draw', (q, more) => {
    expect(intervalFill({ ...q, qty: q.qty + more }).qty).toBeGreaterThanOrEqual(intervalFill(q).qty);
  });

  it('fills nothing once the order has filled', () => {
    for (const id of orders(50)) expect(intervalFill({ ...tenLot(id, 2), filledQty: 10 }).qty).toBe(0);
  });

  it('fills part of a larger order near the mid and most of it at the natural', () => {
    const fills = (way: number): number[] => orders(300).map((id) => intervalFill(tenLot(id, way)).qty).filter((qty) => qty > 0);
    const nearMid = fills(0.25);
    expect(nearMid.some((qty) => qty < 10)).toBe(true);
    expect(nearMid.some((qty) => qty > 1)).toBe(true);
    const atNatural = fills(1);
    expect(atNatural.reduce((sum, qty) => sum + qty, 0) / atNatural.length).toBeGreaterThan(9);
  });
});

describe('fillChance', () => {
  test.prop([market, fc.double({ min: -3, max: 4, noNaN: true }), fc.double({ min: -3, max: 4, noNaN: true })])(
    'never falls as the limit moves from the mid toward the natural and through it',
    ({ netMid, width }, a, b) => {
      const chance = (way: number): number => fillChance({ netMid, netNatural: netMid + width, limitPrice: netMid + way * width });
      expect(chance(Math.max(a, b))).toBeGreaterThanOrEqual(chance(Math.min(a, b)));
    },
  );

  it('is 10–20 % an interval at the mid, at least 90 % at the natural and near 1 beyond it', () => {
    const at = (way: number): number => fillChance({ ...credit, limitPrice: limitAt(way) });
    expect(at(0)).toBeGreaterThanOrEqual(0.1);
    expect(at(0)).toBeLessThanOrEqual(0.2);
    expect(at(1)).toBeGreaterThanOrEqual(0.9);
    expect(at(1.5)).toBeGreaterThan(0.99);
  });

  it('is small on the trader’s side of the mid and nothing at or beyond the trader’s side of every leg', () => {
    const at = (way: number): number => fillChance({ ...credit, limitPrice: limitAt(way) });
    expect(at(-0.25)).toBeLessThan(at(0) / 2);
    expect(at(-0.5)).toBeLessThan(0.05);
    expect(at(-0.9)).toBeLessThan(0.02);
    expect(at(-1)).toBe(0);
    expect(at(-3)).toBe(0);
  });

  it('treats a package without width as at the natural when the limit is at or through the mid, else unfillable', () => {
    const locked = { netMid: 0.8, netNatural: 0.8 };
    const atNatural = fillChance({ ...credit, limitPrice: credit.netNatural });
    expect(fillChance({ ...locked, limitPrice: 0.8 })).toBe(atNatural);
    expect(fillChance({ ...locked, limitPrice: 0.9 })).toBe(atNatural);
    expect(fillChance({ ...locked, limitPrice: 0.79 })).toBe(0);
  });

  it('never fills a limit that is not a number', () => {
    expect(fillChance({ ...credit, limitPrice: Number.NaN })).toBe(0);
  });
});

describe('fillIntervalIndex', () => {
  it('counts whole intervals since the order stood', () => {
    const since = Date.UTC(2026, 10, 23, 15);
    expect(fillIntervalIndex(since, since)).toBe(0);
    expect(fillIntervalIndex(since, since + FILL_MODEL.intervalMs - 1)).toBe(0);
    expect(fillIntervalIndex(since, since + FILL_MODEL.intervalMs)).toBe(1);
    expect(fillIntervalIndex(since, since + 61_000)).toBe(12);
  });
});
