import type { HtmlEscapedString } from 'hono/utils/html';
import { html as honoHtml, raw } from 'hono/html';

/** Escaped markup, as `markup` makes it. */
export type Markup = HtmlEscapedString;

/**
 * Hono's `html` tag, synchronous: every interpolated value is escaped unless it is itself `Markup` (or `raw`);
 * arrays are joined, `null`, `undefined` and booleans render nothing. The pages never interpolate a promise.
 *
 * @example markup`<td>${userText}</td>`
 */
export function markup(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  const out = honoHtml(strings, ...values);
  if (out instanceof Promise) throw new TypeError('markup: a promise was interpolated');
  return out;
}

/** Text already safe as markup (the chart's SVG, which escapes its own text). */
export const trusted = (text: string): Markup => raw(text);
