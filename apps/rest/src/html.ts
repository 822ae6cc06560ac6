const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

/**
 * A tagged template that escapes every interpolated value, except those already produced by
 * `html` (marked as {@link SafeHtml}); arrays are joined.
 *
 * @example html`<td>${userText}</td>`
 */
/** What `html` accepts between its literal parts. */
export type Interpolation = string | number | boolean | null | undefined | SafeHtml | readonly Interpolation[];

export function html(strings: TemplateStringsArray, ...values: readonly Interpolation[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, part, i) => out + part + (i < values.length ? render(values[i]) : ''), ''));
}

/** Markup that is already escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const render = (value: Interpolation): string => {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
};
