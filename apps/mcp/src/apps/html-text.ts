const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` safe inside HTML or SVG markup, as element content or a quoted attribute value. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** Dollars with cents and thousands separators, the sign in front: "$1,234.50", "−$430.00". */
export function money(value: number): string {
  const [whole = '0', cents = '00'] = Math.abs(value).toFixed(2).split('.');
  return `${value < 0 ? '−' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** A price of the underlying: two decimals. */
export const price = (value: number): string => value.toFixed(2);

/** "1 minute 5 seconds", "42 seconds", "0 seconds". */
export function duration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  const unit = (n: number, word: string): string => `${String(n)} ${word}${n === 1 ? '' : 's'}`;
  return minutes === 0 ? unit(rest, 'second') : `${unit(minutes, 'minute')}${rest === 0 ? '' : ` ${unit(rest, 'second')}`}`;
}

const percent = (fraction: number): string => `${String(Math.round(fraction * 100))}%`;
const tenths = (fraction: number): string => `${(fraction * 100).toFixed(1)}%`;

/** POP as a percentage, and after costs to a tenth: costs move it by tenths of a point, so whole ones would repeat it. */
export const popWords = (pop: number, afterCosts: number | null): string => (afterCosts === null ? percent(pop) : `${tenths(pop)} (${tenths(afterCosts)} after costs)`);
