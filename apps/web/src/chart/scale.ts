/** A linear map from a data interval onto a pixel interval (either may run backwards). */
export interface Scale {
  (value: number): number;
  readonly domain: readonly [number, number];
}

/** @example linearScale([0, 10], [40, 640])(5) // 340 */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]): Scale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 === 0 ? 1 : d1 - d0;
  const scale = (value: number): number => r0 + ((value - d0) / span) * (r1 - r0);
  return Object.assign(scale, { domain });
}

/** The step among 1, 2, 5 × 10^k that cuts `span` into about `count` pieces. */
export function niceStep(span: number, count: number): number {
  const rough = span / Math.max(1, count);
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = fraction < 1.5 ? 1 : fraction < 3.5 ? 2 : fraction < 7.5 ? 5 : 10;
  return nice * power;
}

/**
 * Round tick values inside `[min, max]`, about `count` of them, on multiples of a 1-2-5 step.
 *
 * @example niceTicks(-430, 70, 5) // [-400, -300, -200, -100, 0]
 */
export function niceTicks(min: number, max: number, count: number): number[] {
  const step = niceStep(max - min, count);
  const ticks: number[] = [];
  for (let i = Math.ceil(min / step); i * step <= max + step * 1e-9; i++) ticks.push(roundTo(i * step, step));
  return ticks;
}

/** Removes the binary noise of `value` (a multiple of `step`), e.g. 0.30000000000000004 → 0.3. */
const roundTo = (value: number, step: number): number => {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  return Number(value.toFixed(decimals));
};

/** `[min, max]` widened by `fraction` of its span on each side; a point becomes an interval around it. */
export function padded(min: number, max: number, fraction: number): [number, number] {
  const span = max - min;
  if (span === 0) return [min - Math.max(1, Math.abs(min) * 0.05), max + Math.max(1, Math.abs(max) * 0.05)];
  return [min - span * fraction, max + span * fraction];
}
