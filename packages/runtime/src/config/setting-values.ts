import { ConfigError } from './config-error.js';

/*
 * Readers of one setting's text: each gives the fallback (or null) when the setting is unset or blank, and stops the
 * start with a ConfigError naming the variable — never its value, which may be a secret.
 */

/** The trimmed value; null when unset or blank. */
export const text = (value: string | undefined): string | null => (value === undefined || value.trim() === '' ? null : value.trim());

/** A comma list, each item trimmed, empty items dropped. */
export const list = (value: string | undefined): string[] => (text(value) ?? '').split(',').map((item) => item.trim()).filter((item) => item !== '');

/** A whole number from `min` to `max`. */
export function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env[name]);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${String(min)} to ${String(max)}.`);
  }
  return value;
}

/** Dollars with at most 4 decimals (a commission such as 0.65 or 0.0065), from 0 to `max`. */
export function dollars(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = text(env[name]);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^\d+(\.\d{1,4})?$/.test(raw) || value > max) throw new ConfigError(`${name} must be dollars from 0 to ${String(max)} with at most 4 decimals, e.g. 0.65.`);
  return value;
}

/** A whole number from `min` to `max`; undefined when unset. */
export const optionalInteger = (env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | undefined =>
  text(env[name]) === null ? undefined : integer(env, name, min, min, max);

/** One of the `allowed` words, exactly. */
export function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const raw = text(env[name]);
  if (raw === null) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new ConfigError(`${name} must be one of: ${allowed.join(', ')}.`);
  return raw as T;
}

/** An ISO-8601 instant with a time zone, as epoch ms; null when unset. */
export function instant(name: string, raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === '') return null;
  const ms = /(Z|[+-]\d{2}:\d{2})$/.test(raw.trim()) ? Date.parse(raw.trim()) : Number.NaN;
  if (Number.isNaN(ms)) throw new ConfigError(`${name} must be an ISO-8601 instant with a time zone, e.g. 2026-02-10T15:00:00Z.`);
  return ms;
}

/** An http(s) base URL without a trailing slash; null when unset. */
export function url(name: string, raw: string | undefined): string | null {
  const value = text(raw);
  if (value === null) return null;
  if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(value)) throw new ConfigError(`${name} must be an http(s) URL, e.g. https://paper-api.alpaca.markets.`);
  return value.replace(/\/+$/, '');
}
