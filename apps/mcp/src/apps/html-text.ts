const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` safe inside HTML or SVG markup, as element content or a quoted attribute value. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** Dollars with cents and thousands separators, the sign in front: "$1,234.50", "−$430.00" (core's words, which the bundle takes alone). */
export { moneyGrouped as money } from '@condor/core/words';

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
