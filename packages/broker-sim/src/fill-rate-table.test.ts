import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { distanceRows, fillRateTables, medianWalkFill, walkSteps, whisperTradesShare } from './fill-rate-table.js';

const ORDERS = 1_000;

describe('1,000 seeded orders at each distance from the mid, each standing 10 s', () => {
  const rows = distanceRows();

  it('covers the mid, the natural and three steps between', () => {
    expect(rows.map((row) => row.way)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('fill well under half the time at the mid, more at every step toward the natural, near-certainly at it', () => {
    const filled = rows.map((row) => row.filled);
    expect(filled[0]).toBeLessThan(ORDERS / 2);
    for (let i = 1; i < filled.length; i++) expect(filled[i]).toBeGreaterThan(filled[i - 1]!);
    expect(filled.at(-1)).toBeGreaterThanOrEqual(0.99 * ORDERS);
  });

  it('fill as often as the model’s chance says, within sampling error', () => {
    for (const row of rows) expect(Math.abs(row.filled / ORDERS - row.chanceInDwell)).toBeLessThan(0.05);
  });

  it('fill more of a 10-lot’s condors at every step toward the natural', () => {
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.largeFilledShare).toBeGreaterThan(rows[i - 1]!.largeFilledShare);
    expect(rows[0]!.largeFilledShare).toBeLessThan(rows[0]!.filled / ORDERS);
  });
});

describe('1,000 walks from the mid to the natural in four 10 s steps', () => {
  it('fill at a median of 60–75 % of the spread, the practitioners’ rule of thumb (WhisperTrades)', () => {
    const median = medianWalkFill(walkSteps());
    expect(median).toBeDefined();
    expect(whisperTradesShare(median!)).toBeGreaterThanOrEqual(0.6);
    expect(whisperTradesShare(median!)).toBeLessThanOrEqual(0.75);
  });
});

describe('docs/fill-model.md', () => {
  it('holds the tables as the model computes them today', () => {
    const doc = readFileSync(new URL('../../../docs/fill-model.md', import.meta.url), 'utf8');
    expect(doc).toContain(fillRateTables());
  });
});
