import type { PayoffCurve, PayoffPoint, WorstPayoff } from '@condor/core';
import { perShareWords } from '@condor/core/words';
import { axisDollars, axisPrice, dollars, listWords, price } from '../shared/format.js';
import { markup, trusted, type Markup } from '../shared/markup.js';
import { profitAndLossRegions } from './regions.js';
import { linearScale, niceTicks, padded, type Scale } from './scale.js';

const WIDTH = 640;
const HEIGHT = 340;
const PLOT = { left: 76, right: WIDTH - 28, top: 40, bottom: HEIGHT - 56 } as const;
/** Room under the x axis for the legend of the start and worst price curves, when there are two. */
const LEGEND_HEIGHT = 46;
const DASHED = '7 4';
/** A white outline under label text, so a label stays legible where a line crosses it. */
const HALO = 'paint-order="stroke" stroke="#ffffff" stroke-width="4" stroke-linejoin="round"';
const COLOURS = { profit: '#1a7f37', loss: '#cf222e', ink: '#1f2328', muted: '#59636e', grid: '#d1d9e0', spot: '#0969da' } as const;

/** Pixel coordinates, rounded to hundredths so the markup stays short. */
const px = (value: number): number => Math.round(value * 100) / 100;

/**
 * The payoff at expiry as a self-contained inline SVG (no script, no style sheet, no external reference): price
 * and profit axes with labelled ticks, the zero line, the profit area shaded green and the loss area red, the
 * breakevens and the spot as labelled vertical lines, max profit and max loss labelled, and a `<title>` and
 * `<desc>` that say the same in words. Where the order may fill at a worse price than its start (a band), the
 * worst price's curve is drawn dashed beside the start's solid one, its breakevens ringed on the zero line, with a
 * legend. `id` prefixes the element ids (one chart per page needs none).
 *
 * @example c.html(`<figure>${renderPayoffChart(ticket.payoff)}</figure>`)
 */
export function renderPayoffChart(curve: PayoffCurve, id = 'payoff'): string {
  const x = linearScale(padded(...priceExtent(curve), 0.03), [PLOT.left, PLOT.right]);
  const pnls = [...curve.points, ...(curve.worst?.points ?? [])].map((p) => p.pnl);
  const y = linearScale(padded(Math.min(0, ...pnls), Math.max(0, ...pnls), 0.2), [PLOT.bottom, PLOT.top]);
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const height = HEIGHT + (curve.worst === null ? 0 : LEGEND_HEIGHT);
  return markup`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-labelledby="${titleId} ${descId}" font-family="system-ui, sans-serif" font-size="12">
<title id="${titleId}">Profit or loss at expiry</title>
<desc id="${descId}">${describe(curve)}</desc>
${axes(x, y)}
${areas(curve.points, x, y)}
<line data-role="zero" x1="${PLOT.left}" x2="${PLOT.right}" y1="${px(y(0))}" y2="${px(y(0))}" stroke="${COLOURS.ink}" stroke-width="1.5"/>
<polyline data-role="curve" fill="none" stroke="${COLOURS.ink}" stroke-width="2" points="${curve.points.map((p) => `${px(x(p.price))},${px(y(p.pnl))}`).join(' ')}"/>
${curve.worst === null ? '' : worstCurve(curve.worst, x, y)}
${breakevens(curve.breakevens, x, y)}
${curve.spot === null ? '' : spot(curve.spot, x)}
${extremes(curve, x, y)}
${curve.worst === null ? '' : legend(curve, curve.worst)}
</svg>`.toString();
}

function priceExtent(curve: PayoffCurve): [number, number] {
  const prices = [...curve.points, ...(curve.worst?.points ?? [])].map((p) => p.price).concat(curve.spot === null ? [] : [curve.spot]);
  return prices.length === 0 ? [0, 1] : [Math.min(...prices), Math.max(...prices)];
}

function describe(curve: PayoffCurve): string {
  const first = curve.points[0];
  const last = curve.points.at(-1);
  const range = first === undefined || last === undefined ? '' : ` from ${price(first.price)} to ${price(last.price)}`;
  const breakevens = curve.breakevens.length === 0 ? 'No breakeven.' : `Breakeven${curve.breakevens.length > 1 ? 's' : ''} at ${listWords(curve.breakevens.map(price))}.`;
  const now = curve.spot === null ? '' : ` The underlying is at ${price(curve.spot)} now.`;
  const whole = `Profit or loss of the whole order at expiry against the underlying's price${range}`;
  if (curve.worst === null) return `${whole}. Max profit ${dollars(curve.maxProfit)}; max loss ${dollars(curve.maxLoss)}. ${breakevens}${now}`;
  const worst = curve.worst;
  const worstBreakevens = worst.breakevens.length === 0 ? 'no breakeven' : `breakeven${worst.breakevens.length > 1 ? 's' : ''} at ${listWords(worst.breakevens.map(price))}`;
  return (
    `${whole}, filled at the start price (solid line) and at the worst price (dashed line). ` +
    `At the start price, ${perShareWords(worst.startPrice)} per share: max profit ${dollars(curve.maxProfit)}; max loss ${dollars(curve.maxLoss)}. ${breakevens} ` +
    `At the worst price, ${perShareWords(worst.worstPrice)} per share: max profit ${dollars(worst.maxProfit)}; max loss ${dollars(worst.maxLoss)}; ${worstBreakevens}.${now}`
  );
}

/** The worst price's payoff, dashed over the start's, and its breakevens as rings on the zero line. */
function worstCurve(worst: WorstPayoff, x: Scale, y: Scale): Markup {
  return markup`<polyline data-role="curve-worst" fill="none" stroke="${COLOURS.ink}" stroke-width="2" stroke-dasharray="${DASHED}" points="${worst.points.map((p) => `${px(x(p.price))},${px(y(p.pnl))}`).join(' ')}"/>
${worst.breakevens.map((at) => markup`<circle data-role="breakeven-worst" data-price="${at}" cx="${px(x(at))}" cy="${px(y(0))}" r="5" fill="none" stroke="${COLOURS.ink}" stroke-width="1.5"/>`)}`;
}

/** Which line is which: a sample of each, its price and its max loss and breakevens. */
function legend(curve: PayoffCurve, worst: WorstPayoff): Markup {
  const top = HEIGHT + 14;
  const entry = (role: string, row: number, dashed: boolean, words: string): Markup =>
    markup`<g data-role="${role}"><line x1="14" x2="44" y1="${top + row * 20 - 4}" y2="${top + row * 20 - 4}" stroke="${COLOURS.ink}" stroke-width="2" stroke-dasharray="${dashed ? DASHED : 'none'}"/><text x="52" y="${top + row * 20}">${words}</text></g>`;
  const figures = (maxLoss: number, at: readonly number[]): string => `max loss ${dollars(maxLoss)}; breakevens ${at.length === 0 ? 'none' : at.map(price).join(', ')}`;
  return markup`<g data-role="legend" fill="${COLOURS.ink}">
${entry('legend-start', 0, false, `Start price, ${perShareWords(worst.startPrice)}: ${figures(curve.maxLoss, curve.breakevens)}`)}
${entry('legend-worst', 1, true, `Worst price, ${perShareWords(worst.worstPrice)}: ${figures(worst.maxLoss, worst.breakevens)}`)}
</g>`;
}

function axes(x: Scale, y: Scale): Markup {
  const xTicks = niceTicks(...x.domain, 7);
  const yTicks = niceTicks(...y.domain, 6);
  return markup`<g data-role="y-axis" fill="${COLOURS.muted}" text-anchor="end">
${yTicks.map((v) => markup`<g data-role="tick" data-value="${v}"><line x1="${PLOT.left}" x2="${PLOT.right}" y1="${px(y(v))}" y2="${px(y(v))}" stroke="${COLOURS.grid}"/><text x="${PLOT.left - 8}" y="${px(y(v) + 4)}">${axisDollars(v)}</text></g>`)}
<text x="14" y="${px((PLOT.top + PLOT.bottom) / 2)}" text-anchor="middle" transform="rotate(-90 14 ${px((PLOT.top + PLOT.bottom) / 2)})">Profit / loss at expiry</text>
</g>
<g data-role="x-axis" fill="${COLOURS.muted}" text-anchor="middle">
<line x1="${PLOT.left}" x2="${PLOT.right}" y1="${PLOT.bottom}" y2="${PLOT.bottom}" stroke="${COLOURS.muted}"/>
${xTicks.map((v) => markup`<g data-role="tick" data-value="${v}"><line x1="${px(x(v))}" x2="${px(x(v))}" y1="${PLOT.bottom}" y2="${PLOT.bottom + 5}" stroke="${COLOURS.muted}"/><text x="${px(x(v))}" y="${PLOT.bottom + 18}">${axisPrice(v)}</text></g>`)}
<text x="${px((PLOT.left + PLOT.right) / 2)}" y="${HEIGHT - 10}">Underlying price at expiry</text>
</g>`;
}

function areas(points: readonly PayoffPoint[], x: Scale, y: Scale): Markup[] {
  return profitAndLossRegions(points).map((region) => {
    const first = region.points[0];
    const last = region.points.at(-1);
    if (first === undefined || last === undefined) return markup``;
    const outline = [{ price: first.price, pnl: 0 }, ...region.points, { price: last.price, pnl: 0 }];
    return markup`<polygon data-side="${region.side}" fill="${COLOURS[region.side]}" fill-opacity="0.22" stroke="none" points="${outline.map((p) => `${px(x(p.price))},${px(y(p.pnl))}`).join(' ')}"/>`;
  });
}

/** Room a breakeven label takes ("Breakeven 723.70" at 12 px in a wide sans-serif such as DejaVu Sans), with a margin. */
const LABEL_WIDTH = 125;

/**
 * Breakeven labels sit beside their lines. Turned inwards under the zero line (where a condor's chart is empty)
 * when the breakevens are far enough apart for two labels; otherwise turned outwards above it (empty as well).
 */
function breakevens(list: readonly number[], x: Scale, y: Scale): Markup[] {
  const first = list[0];
  const last = list.at(-1);
  const inward = first === undefined || last === undefined || list.length < 2 || x(last) - x(first) >= 2 * LABEL_WIDTH;
  return list.map((at, index) => {
    const rightward = (index === 0) === inward && list.length > 1;
    const labelX = px(x(at) + (rightward ? 6 : -6));
    const labelY = px(inward ? y(0) + 16 : y(0) - 8);
    return markup`<g data-role="breakeven" data-price="${at}" fill="${COLOURS.ink}"><line x1="${px(x(at))}" x2="${px(x(at))}" y1="${PLOT.top}" y2="${PLOT.bottom}" stroke="${COLOURS.ink}" stroke-dasharray="4 3"/><circle cx="${px(x(at))}" cy="${px(y(0))}" r="3.5"/><text ${trusted(HALO)} x="${labelX}" y="${labelY}" text-anchor="${rightward ? 'start' : 'end'}">Breakeven ${price(at)}</text></g>`;
  });
}

function spot(at: number, x: Scale): Markup {
  return markup`<g data-role="spot" data-price="${at}" fill="${COLOURS.spot}"><line x1="${px(x(at))}" x2="${px(x(at))}" y1="${PLOT.top - 4}" y2="${PLOT.bottom}" stroke="${COLOURS.spot}" stroke-width="1.5"/><text ${trusted(HALO)} x="${px(x(at))}" y="${PLOT.top - 10}" text-anchor="middle">Spot ${price(at)}</text></g>`;
}

/** Max profit above the middle of its plateau; max loss under a guide line at its level, in the middle of the plot. */
function extremes(curve: PayoffCurve, x: Scale, y: Scale): Markup {
  const top = plateauMiddle(curve.points, Math.max(...curve.points.map((p) => p.pnl)));
  const middle = px((PLOT.left + PLOT.right) / 2);
  const lossY = px(y(-curve.maxLoss));
  return markup`${top === null ? '' : markup`<text data-role="max-profit" ${trusted(HALO)} x="${px(x(top))}" y="${px(y(curve.maxProfit) - 8)}" text-anchor="middle" fill="${COLOURS.profit}" font-weight="bold">Max profit ${dollars(curve.maxProfit)}</text>`}
<line x1="${PLOT.left}" x2="${PLOT.right}" y1="${lossY}" y2="${lossY}" stroke="${COLOURS.loss}" stroke-dasharray="2 4"/>
<text data-role="max-loss" ${trusted(HALO)} x="${middle}" y="${px(lossY + 16)}" text-anchor="middle" fill="${COLOURS.loss}" font-weight="bold">Max loss ${dollars(curve.maxLoss)}</text>`;
}

function plateauMiddle(points: readonly PayoffPoint[], level: number): number | null {
  const start = points.findIndex((p) => p.pnl === level);
  if (start === -1) return null;
  let end = start;
  while (points[end + 1]?.pnl === level) end++;
  const a = points[start];
  const b = points[end];
  return a === undefined || b === undefined ? null : (a.price + b.price) / 2;
}
