export const REDACTED = '***';

const SECRET_KEY = /(^|_)(password|secret|token|api_key|apikey|authorization|cookie)s?$/i;

/** True for parameter names whose values are secrets (api_key, api_secret, password, *_token, …). */
export const isSecretKey = (key: string): boolean => SECRET_KEY.test(key);

/** A deep copy with every secret-named value replaced by `"***"`. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, isSecretKey(key) ? REDACTED : redactSecrets(inner)]),
    );
  }
  return value;
}

const MIN_SCRUBBED_LENGTH = 4;

/** The string values held under secret-named keys anywhere in `input`. */
export function collectSecrets(input: unknown, found: string[] = []): string[] {
  if (Array.isArray(input)) {
    for (const item of input) collectSecrets(item, found);
  } else if (input !== null && typeof input === 'object') {
    for (const [key, inner] of Object.entries(input)) {
      if (isSecretKey(key) && typeof inner === 'string' && inner.length >= MIN_SCRUBBED_LENGTH) found.push(inner);
      else collectSecrets(inner, found);
    }
  }
  return found;
}

/** Replaces every occurrence of the given secrets in `text` — a second line of defence for messages. */
export function scrubText(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.split(secret).join(REDACTED), text);
}
