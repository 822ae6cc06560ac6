import { escapeHtml, money, price } from './html-text.js';
import type { PayoffWire } from './ticket-wire.js';

const WIDTH = 560;
const HEIGHT = 240;
const PAD = { left: 78, right: 16, top: 16, bottom: 40 };

/** A white outline under label text, so a label stays legible where a line crosses it. */
const HALO = 'paint-order="stroke" stroke="#ffffff" stroke-width="3" stroke-linejoin="round"';

const round = (value: number): string => String(Math.round(value * 10) / 10);

/**
 * The payoff at expiry as an inline SVG: profit shaded green above the zero line, loss shaded red below it,
 * the payoff line, the breakevens and the spot as labelled verticals, and the price and dollar axes. Pure
 * (a string from data), so the ticket view and its tests draw the same chart; `id` keeps the clip paths of
 * several charts on one page apart.
 *
 * @example
 * payoffSvg(ticket.payoff, 'ticket'); // '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 560 240" role="img" …'
 */
export function payoffSvg(curve: PayoffWire, id = 'payoff'): string {
  const points = curve.points;
  const first = points[0];
  const last = points[points.length - 1];
  if (first === undefined || last === undefined || last.price <= first.price) return '';
  const key = id.replace(/[^A-Za-z0-9_-]/g, '');
  const pnls = points.map((p) => p.pnl);
  const top = Math.max(0, ...pnls, curve.max_profit);
  const bottom = Math.min(0, ...pnls, -curve.max_loss);
  const span = top - bottom || 1;
  const x = (value: number): number => PAD.left + ((value - first.price) / (last.price - first.price)) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number): number => PAD.top + ((top - value) / span) * (HEIGHT - PAD.top - PAD.bottom);
  const zero = y(0);
  const line = points.map((p) => `${round(x(p.price))},${round(y(p.pnl))}`).join(' ');
  const area = `${round(x(first.price))},${round(zero)} ${line} ${round(x(last.price))},${round(zero)}`;
  const plotBottom = HEIGHT - PAD.bottom;

  const verticals = [
    ...curve.breakevens.map((b) => ({ at: b, label: `breakeven ${price(b)}`, cls: 'breakeven' })),
    ...(curve.spot === null || curve.spot < first.price || curve.spot > last.price ? [] : [{ at: curve.spot, label: `spot ${price(curve.spot)}`, cls: 'spot' }]),
  ].map(({ at, label, cls }, index) => {
    const vx = round(x(at));
    const labelY = PAD.top + 12 + (index % 2) * 14;
    return (
      `<line class="${cls}" x1="${vx}" y1="${String(PAD.top)}" x2="${vx}" y2="${String(plotBottom)}" stroke="${cls === 'spot' ? '#1d4ed8' : '#6b7280'}" stroke-dasharray="4 3"/>` +
      `<text class="${cls}-label" x="${vx}" y="${String(labelY)}" text-anchor="middle" font-size="11" ${HALO} fill="${cls === 'spot' ? '#1d4ed8' : '#374151'}">${escapeHtml(label)}</text>`
    );
  });

  const yTicks = [...new Set([top, 0, bottom])].map(
    (value) =>
      `<text x="${String(PAD.left - 6)}" y="${round(y(value) + 4)}" text-anchor="end" font-size="11" fill="#374151">${escapeHtml(money(value))}</text>`,
  );
  const xTicks = [
    { value: first.price, anchor: 'start' },
    { value: last.price, anchor: 'end' },
  ].map(
    ({ value, anchor }) =>
      `<text x="${round(x(value))}" y="${String(plotBottom + 16)}" text-anchor="${anchor}" font-size="11" fill="#374151">${price(value)}</text>`,
  );
  const description =
    `Profit or loss at expiry against the underlying's price: at most ${money(curve.max_profit)} profit, at most ${money(-curve.max_loss)}` +
    `${curve.breakevens.length === 0 ? '' : `, breakevens ${curve.breakevens.map(price).join(' and ')}`}.`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${String(WIDTH)} ${String(HEIGHT)}" role="img" aria-label="${escapeHtml(description)}" class="payoff">`,
    `<title>${escapeHtml(description)}</title>`,
    `<defs><clipPath id="${key}-above"><rect x="0" y="0" width="${String(WIDTH)}" height="${round(zero)}"/></clipPath>`,
    `<clipPath id="${key}-below"><rect x="0" y="${round(zero)}" width="${String(WIDTH)}" height="${round(HEIGHT - zero)}"/></clipPath></defs>`,
    `<polygon class="profit" points="${area}" fill="#16a34a" fill-opacity="0.25" clip-path="url(#${key}-above)"/>`,
    `<polygon class="loss" points="${area}" fill="#dc2626" fill-opacity="0.25" clip-path="url(#${key}-below)"/>`,
    `<line class="axis" x1="${String(PAD.left)}" y1="${String(PAD.top)}" x2="${String(PAD.left)}" y2="${String(plotBottom)}" stroke="#9ca3af"/>`,
    `<line class="zero" x1="${String(PAD.left)}" y1="${round(zero)}" x2="${String(WIDTH - PAD.right)}" y2="${round(zero)}" stroke="#9ca3af"/>`,
    `<polyline class="payoff-line" points="${line}" fill="none" stroke="#111827" stroke-width="2"/>`,
    ...verticals,
    ...yTicks,
    ...xTicks,
    `<text x="${String((PAD.left + WIDTH - PAD.right) / 2)}" y="${String(HEIGHT - 6)}" text-anchor="middle" font-size="11" fill="#6b7280">price of the underlying at expiry</text>`,
    '</svg>',
  ].join('');
}
