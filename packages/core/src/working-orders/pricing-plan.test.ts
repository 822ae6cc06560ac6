import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { inBand, pricingPlan } from './pricing-plan.js';
import { FINAL_REST_MS, WALK_MODE_NAMES, WALK_MODES } from './walk-modes.js';

const cents = fc.integer({ min: -2_000, max: 2_000 }).map((n) => n / 100);
/** A market: the natural is at or worse (higher) than the mid by up to $3. */
const market = fc.tuple(fc.integer({ min: -2_000, max: 2_000 }), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 9 })).map(([mid, spread, half]) => ({
  mid: mid / 100 + half / 1_000,
  natural: mid / 100 + spread / 100,
}));

describe('pricingPlan', () => {
  it('walks a credit of 1.25 to 1.20 in four normal steps by default, cancelled after the final rest', () => {
    const planned = pricingPlan({ mid: -1.25, natural: -1.05 }, { mode: 'normal', worstFromMid: 0.05 });
    expect(planned).toEqual({ ok: true, plan: { mode: 'normal', startPrice: -1.25, worstPrice: -1.2, steps: [-1.25, -1.24, -1.22, -1.2], dwellMs: 10_000, timeLimitMs: 30_000 + FINAL_REST_MS } });
  });

  it('never sets the default worst price past the natural price', () => {
    const planned = pricingPlan({ mid: 0.5, natural: 0.52 }, { mode: 'fast', worstFromMid: 0.05 });
    expect(planned).toMatchObject({ ok: true, plan: { startPrice: 0.5, worstPrice: 0.52, steps: [0.5, 0.51, 0.52] } });
  });

  it('walks to the natural price itself when the worst is `natural`, rounded a cent toward the trader', () => {
    expect(pricingPlan({ mid: -1.25, natural: -1.05 }, { mode: 'fast', worstFromMid: 0.05, worstPrice: 'natural' })).toMatchObject({
      ok: true,
      plan: { startPrice: -1.25, worstPrice: -1.05, steps: [-1.25, -1.15, -1.05] },
    });
    expect(pricingPlan({ mid: 0.5, natural: 0.625 }, { mode: 'single', worstFromMid: 0.05, worstPrice: 'natural' })).toMatchObject({ ok: true, plan: { worstPrice: 0.62, steps: [0.5] } });
  });

  it('refuses a worst price past the natural, and a start past the worst', () => {
    expect(pricingPlan({ mid: -1.25, natural: -1.05 }, { mode: 'normal', worstFromMid: 0.05, worstPrice: -1.0 })).toEqual({
      ok: false,
      problem: { kind: 'worst_past_natural', worstPrice: -1.0, natural: -1.05 },
    });
    expect(pricingPlan({ mid: -1.25, natural: -1.05 }, { mode: 'normal', worstFromMid: 0.05, startPrice: -1.1, worstPrice: -1.2 })).toEqual({
      ok: false,
      problem: { kind: 'start_past_worst', startPrice: -1.1, worstPrice: -1.2 },
    });
  });

  const worst = fc.option(fc.oneof(cents, fc.constant('natural' as const)), { nil: undefined });
  test.prop([market, fc.constantFrom(...WALK_MODE_NAMES), fc.option(cents, { nil: undefined }), worst, fc.integer({ min: 0, max: 50 })])(
    'every step lies in the band, rising a cent at least, start first and worst last, the worst never past the natural',
    (m, mode, startPrice, worstPrice, fromMid) => {
      const planned = pricingPlan(m, { mode, startPrice, worstPrice, worstFromMid: fromMid / 100 });
      if (!planned.ok) {
        const { problem } = planned;
        if (problem.kind === 'worst_past_natural') expect(problem.worstPrice).toBeGreaterThan(Math.round(m.natural * 100) / 100);
        else expect(problem.startPrice).toBeGreaterThan(problem.worstPrice);
        return;
      }
      const { plan } = planned;
      expect(plan.worstPrice).toBeLessThanOrEqual(Math.round(m.natural * 100) / 100 + 1e-9);
      expect(plan.steps[0]).toBe(plan.startPrice);
      expect(plan.steps.length).toBeLessThanOrEqual(WALK_MODES[mode].prices);
      if (plan.steps.length > 1) expect(plan.steps.at(-1)).toBe(plan.worstPrice);
      for (const [i, step] of plan.steps.entries()) {
        expect(inBand(plan, step)).toBe(true);
        expect(Math.abs(step * 100 - Math.round(step * 100))).toBeLessThan(1e-6);
        if (i > 0) expect(step - plan.steps[i - 1]!).toBeGreaterThanOrEqual(0.01 - 1e-9);
      }
      expect(plan.timeLimitMs).toBe((plan.steps.length - 1) * plan.dwellMs + FINAL_REST_MS);
    },
  );
});
