import type { PayoffCurve } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { all, num, parseSvg as parse, type Node as Element } from '../../test/dom.js';
import { CONDOR_BAND_PAYOFF, CONDOR_PAYOFF } from '../../test/tickets.js';
import { renderPayoffChart } from './payoff-chart.js';

const condor = CONDOR_PAYOFF;

const pairs = (polygon: Element): [number, number][] =>
  (polygon.getAttribute('points') ?? '').trim().split(/\s+/).map((pair): [number, number] => { const [px = NaN, py = NaN] = pair.split(',').map(Number); return [px, py]; });

/** The price at pixel `px`, read off two labelled ticks of the x axis, as a person reading the chart would. */
function priceAt(root: Element, pixel: number): number {
  const ticks = all(root, '[data-role="x-axis"] [data-role="tick"]').map((tick) => ({
    value: Number(tick.querySelector('text')?.textContent),
    at: num(tick.querySelector('line'), 'x1'),
  }));
  const [a, b] = [ticks[0], ticks.at(-1)];
  if (a === undefined || b === undefined || a === b) throw new Error('fewer than two x ticks');
  return a.value + ((pixel - a.at) / (b.at - a.at)) * (b.value - a.value);
}

describe('renderPayoffChart', () => {
  const svg = renderPayoffChart(condor);
  const root = parse(svg);
  const zeroY = num(root.querySelector('[data-role="zero"]'), 'y1');

  it('is accessible: an image labelled by its own title and a description in words', () => {
    expect(root.getAttribute('role')).toBe('img');
    const [titleId, descId] = (root.getAttribute('aria-labelledby') ?? '').split(' ');
    expect(root.querySelector('title')?.getAttribute('id')).toBe(titleId);
    expect(root.querySelector('desc')?.getAttribute('id')).toBe(descId);
    const desc = root.querySelector('desc')?.textContent ?? '';
    expect(desc).toContain('654.30 and 723.70');
    expect(desc).toContain('Max profit $70.00');
    expect(desc).toContain('max loss $430.00');
    expect(desc).toContain('690.12');
  });

  it('needs nothing from outside and carries no script or inline style', () => {
    expect(all(root, 'script, style, image, use, foreignObject, a')).toEqual([]);
    expect(svg).not.toMatch(/\s(?:href|xlink:href|style|on\w+)=/);
    expect(svg).not.toMatch(/url\(|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  });

  it('labels every tick of both axes with its value, in order', () => {
    const xTicks = all(root, '[data-role="x-axis"] [data-role="tick"]');
    expect(xTicks.length).toBeGreaterThanOrEqual(4);
    for (const tick of xTicks) expect(Number(tick.querySelector('text')?.textContent)).toBe(num(tick, 'data-value'));
    const xs = xTicks.map((tick) => num(tick.querySelector('line'), 'x1'));
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    const yTicks = all(root, '[data-role="y-axis"] [data-role="tick"]');
    expect(yTicks.map((tick) => tick.querySelector('text')?.textContent)).toContain('$0');
    expect(yTicks.map((tick) => tick.querySelector('text')?.textContent)).toContain('\u2212$400');
    const zeroTick = yTicks.find((tick) => tick.getAttribute('data-value') === '0');
    expect(num(zeroTick?.querySelector('line'), 'y1')).toBe(zeroY);
  });

  it('puts each breakeven marker at its price on the x axis, labelled, on the zero line', () => {
    const markers = all(root, '[data-role="breakeven"]');
    expect(markers.map((m) => num(m, 'data-price'))).toEqual([654.3, 723.7]);
    for (const marker of markers) {
      const at = num(marker.querySelector('line'), 'x1');
      expect(priceAt(root, at)).toBeCloseTo(num(marker, 'data-price'), 1);
      expect(num(marker.querySelector('circle'), 'cy')).toBe(zeroY);
      expect(marker.querySelector('text')?.textContent).toBe(`Breakeven ${num(marker, 'data-price').toFixed(2)}`);
    }
  });

  it('draws the spot as a labelled vertical line at its price', () => {
    const spot = root.querySelector('[data-role="spot"]');
    const line = spot?.querySelector('line');
    expect(num(line, 'x1')).toBe(num(line, 'x2'));
    expect(priceAt(root, num(line, 'x1'))).toBeCloseTo(690.12, 1);
    expect(spot?.querySelector('text')?.textContent).toBe('Spot 690.12');
  });

  it('shades profit green above the zero line and loss red below it, between the breakevens and outside them', () => {
    const profit = all(root, 'polygon[data-side="profit"]');
    const loss = all(root, 'polygon[data-side="loss"]');
    expect([profit.length, loss.length]).toEqual([1, 2]);
    expect(profit[0]?.getAttribute('fill')).toMatch(/^#1a7f37$/i);
    for (const polygon of loss) expect(polygon.getAttribute('fill')).toMatch(/^#cf222e$/i);
    for (const [, py] of profit.flatMap(pairs)) expect(py).toBeLessThanOrEqual(zeroY);
    for (const [, py] of loss.flatMap(pairs)) expect(py).toBeGreaterThanOrEqual(zeroY);
    const profitPrices = pairs(profit[0] as Element).map(([px]) => priceAt(root, px));
    expect(Math.min(...profitPrices)).toBeCloseTo(654.3, 1);
    expect(Math.max(...profitPrices)).toBeCloseTo(723.7, 1);
    const [left, right] = loss.map((polygon) => pairs(polygon).map(([px]) => priceAt(root, px)));
    expect(Math.max(...left!)).toBeCloseTo(654.3, 1);
    expect(Math.min(...right!)).toBeCloseTo(723.7, 1);
  });

  it('labels max profit above the zero line and max loss below it', () => {
    const maxProfit = root.querySelector('[data-role="max-profit"]');
    const maxLoss = root.querySelector('[data-role="max-loss"]');
    expect(maxProfit?.textContent).toBe('Max profit $70.00');
    expect(maxLoss?.textContent).toBe('Max loss $430.00');
    expect(num(maxProfit, 'y')).toBeLessThan(zeroY);
    expect(num(maxLoss, 'y')).toBeGreaterThan(zeroY);
  });

  it('leaves the spot out when it is unknown and prefixes its ids when asked', () => {
    const other = parse(renderPayoffChart({ ...condor, spot: null }, 'exit-chart'));
    expect(other.querySelector('[data-role="spot"]')).toBeNull();
    expect(other.getAttribute('aria-labelledby')).toBe('exit-chart-title exit-chart-desc');
  });

  it('keeps the breakeven labels apart, turning them outwards when the breakevens are close on a wide chart', () => {
    const wide: PayoffCurve = {
      ...condor,
      points: [{ price: 560, pnl: -430 }, ...condor.points.slice(1, -1), { price: 820, pnl: -430 }],
    };
    const real: PayoffCurve = { ...condor, points: [{ price: 610, pnl: -430 }, ...condor.points.slice(1, -1), { price: 765, pnl: -430 }] };
    for (const curve of [condor, wide, real]) {
      const labels = all(parse(renderPayoffChart(curve)), '[data-role="breakeven"] text').map((label) => {
        const at = num(label, 'x');
        const width = (label.textContent ?? '').length * 7.5;
        return label.getAttribute('text-anchor') === 'end' ? [at - width, at] : [at, at + width];
      });
      const [left, right] = labels;
      expect(left![1]).toBeLessThan(right![0]!);
    }
  });
});

describe('renderPayoffChart with a band: the start price solid, the worst price dashed', () => {
  const curve = CONDOR_BAND_PAYOFF;
  const worst = curve.worst!;
  const root = parse(renderPayoffChart(curve));
  const zeroY = num(root.querySelector('[data-role="zero"]'), 'y1');
  /** The profit at pixel `y`, read off two labelled ticks of the y axis. */
  const pnlAt = (pixel: number): number => {
    const ticks = all(root, '[data-role="y-axis"] [data-role="tick"]').map((tick) => ({ value: num(tick, 'data-value'), at: num(tick.querySelector('line'), 'y1') }));
    const [a, b] = [ticks[0]!, ticks.at(-1)!];
    return a.value + ((pixel - a.at) / (b.at - a.at)) * (b.value - a.value);
  };

  it('draws the worst price’s curve dashed through its own points, and the start’s solid', () => {
    const line = root.querySelector('[data-role="curve-worst"]');
    expect(line?.getAttribute('stroke-dasharray')).toMatch(/^\d+ \d+$/);
    expect(root.querySelector('[data-role="curve"]')?.getAttribute('stroke-dasharray')).toBeNull();
    const drawn = pairs(line!);
    expect(drawn).toHaveLength(worst.points.length);
    drawn.forEach(([px, py], i) => {
      expect(priceAt(root, px)).toBeCloseTo(worst.points[i]!.price, 1);
      expect(pnlAt(py)).toBeCloseTo(worst.points[i]!.pnl, 0);
    });
    // A five-cent worse fill loses $5 more on one contract wherever the condor loses most.
    expect(Math.min(...worst.points.map((p) => p.pnl))).toBe(Math.min(...curve.points.map((p) => p.pnl)) - 5);
  });

  it('rings the worst price’s breakevens on the zero line, at their prices', () => {
    const rings = all(root, '[data-role="breakeven-worst"]');
    expect(rings.map((r) => num(r, 'data-price'))).toEqual([...worst.breakevens]);
    for (const ring of rings) {
      expect(num(ring, 'cy')).toBe(zeroY);
      expect(priceAt(root, num(ring, 'cx'))).toBeCloseTo(num(ring, 'data-price'), 1);
    }
  });

  it('has a legend that names each line with its price, max loss and breakevens, below the axis', () => {
    const start = root.querySelector('[data-role="legend-start"]');
    const dashed = root.querySelector('[data-role="legend-worst"]');
    expect(start?.querySelector('text')?.textContent).toBe('Start price, a credit of $0.70: max loss $430.00; breakevens 654.30, 723.70');
    expect(dashed?.querySelector('text')?.textContent).toBe('Worst price, a credit of $0.65: max loss $435.00; breakevens 654.35, 723.65');
    expect(start?.querySelector('line')?.getAttribute('stroke-dasharray')).toBe('none');
    expect(dashed?.querySelector('line')?.getAttribute('stroke-dasharray')).toBe(root.querySelector('[data-role="curve-worst"]')?.getAttribute('stroke-dasharray'));
    const axisLabelY = Math.max(...all(root, '[data-role="x-axis"] text').map((t) => num(t, 'y')));
    expect(num(start?.querySelector('text'), 'y')).toBeGreaterThan(axisLabelY);
    expect(num(root, 'height')).toBeGreaterThan(num(dashed?.querySelector('text'), 'y'));
  });

  it('says both curves in its text alternative', () => {
    const desc = root.querySelector('desc')?.textContent ?? '';
    expect(desc).toContain('at the start price (solid line) and at the worst price (dashed line)');
    expect(desc).toContain('At the start price, a credit of $0.70 per share: max profit $70.00; max loss $430.00. Breakevens at 654.30 and 723.70.');
    expect(desc).toContain('At the worst price, a credit of $0.65 per share: max profit $65.00; max loss $435.00; breakevens at 654.35 and 723.65.');
  });

  it('draws no legend and no second curve without a band', () => {
    const plain = parse(renderPayoffChart(CONDOR_PAYOFF));
    expect(plain.querySelector('[data-role="curve-worst"]')).toBeNull();
    expect(plain.querySelector('[data-role="legend"]')).toBeNull();
    expect(num(plain, 'height')).toBeLessThan(num(root, 'height'));
  });
});
