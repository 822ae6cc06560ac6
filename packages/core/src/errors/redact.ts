export const REDACTED = '***';

const SECRET_KEY = /(^|_)(password|secret|token|api_key|apikey|authorization|cookie)s?$/i;
/** Words that make a free-text string suspect: it may carry a secret, even in another field or in embedded JSON. */
const SECRET_WORD = /pass(word|wd|phrase)|secret|token|api[_-]?key|authori[sz]ation|bearer|cookie|credential/i;
/** Redaction and collection go no deeper than this (input deeper than that is refused before they run). */
const MAX_DEPTH = 32;
/** A string longer than this is not parsed in search of secrets; it is scrubbed whole if suspect. */
const MAX_PARSED_LENGTH = 100_000;

/** True for parameter names whose values are secrets (api_key, api_secret, password, *_token, …). */
export const isSecretKey = (key: string): boolean => SECRET_KEY.test(key);

/** True for a string that may hide a secret: JSON text (an object or array in a string) or one naming a secret. */
export function isSuspectString(text: string): boolean {
  const start = text.trimStart()[0];
  return start === '{' || start === '[' || SECRET_WORD.test(text);
}

/**
 * A copy fit to echo back: every value under a secret-named key, every string that could hold a
 * secret (JSON text, or text naming a password, token or key) and anything nested too deep become `"***"`.
 * Better to echo too little than a secret.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return isSuspectString(value) ? REDACTED : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item: unknown) => redactSecrets(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, isSecretKey(key) ? REDACTED : redactSecrets(inner, depth + 1)]),
  );
}

const MIN_SCRUBBED_LENGTH = 4;

/**
 * The string values held under secret-named keys anywhere in `input`, JSON text inside strings
 * included, so that messages can be scrubbed of them. Iterative and bounded: it runs on raw input.
 */
export function collectSecrets(input: unknown): string[] {
  const found: string[] = [];
  const pending: { value: unknown; depth: number }[] = [{ value: input, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop() as { value: unknown; depth: number };
    if (depth > MAX_DEPTH) continue;
    if (typeof value === 'string') {
      const parsed = parsedJson(value);
      if (parsed !== undefined) pending.push({ value: parsed, depth: depth + 1 });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    for (const [key, inner] of Object.entries(value)) {
      if (isSecretKey(key) && typeof inner === 'string' && inner.length >= MIN_SCRUBBED_LENGTH) found.push(inner);
      else pending.push({ value: inner, depth: depth + 1 });
    }
  }
  return found;
}

/** The object or array a string holds as JSON text, or undefined. */
function parsedJson(text: string): unknown {
  const start = text.trimStart()[0];
  if ((start !== '{' && start !== '[') || text.length > MAX_PARSED_LENGTH) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Replaces every occurrence of the given secrets in `text` — a second line of defence for messages. */
export function scrubText(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.split(secret).join(REDACTED), text);
}
