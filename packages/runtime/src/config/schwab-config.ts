import { BROKERS } from '@condor/core';
import { ConfigError } from './config-error.js';
import { text, url } from './setting-values.js';

/** The path of condor's page Schwab sends the person back to; the registered callback is the public URL plus it. */
export const SCHWAB_CALLBACK_PATH = BROKERS.schwab.login.callbackPath;

/** The deployment's app registered at Schwab's developer portal; null when Schwab is not offered. */
export interface SchwabConfig {
  /** CONDOR_SCHWAB_APP_KEY: the app's key (its OAuth client id). */
  readonly appKey: string;
  /** CONDOR_SCHWAB_APP_SECRET (`_FILE` form too). */
  readonly appSecret: string;
  /** CONDOR_SCHWAB_CALLBACK_URL: byte for byte as registered, ending in the callback page's path. */
  readonly callbackUrl: string;
  /** CONDOR_SCHWAB_API_URL: one origin instead of https://api.schwabapi.com (a local fake in tests); null: Schwab's. */
  readonly apiUrl: string | null;
}

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|\[::1\]|localhost)(:\d{1,5})?\//;

/**
 * Reads the Schwab app settings: all three of key, secret and callback, or none (Schwab is then not offered). The
 * callback must be https — Schwab registers nothing else — or http on a loopback address, for a fake in tests; and it
 * must end in condor's callback path. A bad value stops the start, naming the variable, never its value.
 */
export function schwabConfig(env: NodeJS.ProcessEnv): SchwabConfig | null {
  const appKey = text(env.CONDOR_SCHWAB_APP_KEY);
  const appSecret = text(env.CONDOR_SCHWAB_APP_SECRET);
  const callbackUrl = text(env.CONDOR_SCHWAB_CALLBACK_URL);
  const apiUrl = url('CONDOR_SCHWAB_API_URL', env.CONDOR_SCHWAB_API_URL);
  const given = [appKey, appSecret, callbackUrl].filter((value) => value !== null).length;
  if (given === 0) {
    if (apiUrl !== null) throw new ConfigError('CONDOR_SCHWAB_API_URL is set but the Schwab app is not: set CONDOR_SCHWAB_APP_KEY, CONDOR_SCHWAB_APP_SECRET and CONDOR_SCHWAB_CALLBACK_URL too.');
    return null;
  }
  if (appKey === null || appSecret === null || callbackUrl === null) {
    throw new ConfigError('Schwab needs all three of CONDOR_SCHWAB_APP_KEY, CONDOR_SCHWAB_APP_SECRET and CONDOR_SCHWAB_CALLBACK_URL (the app registered at developer.schwab.com), or none.');
  }
  if (!callbackUrl.startsWith('https://') && !LOOPBACK.test(callbackUrl)) {
    throw new ConfigError('CONDOR_SCHWAB_CALLBACK_URL must be an https URL, exactly as registered with the Schwab app (http only on a loopback address, for tests).');
  }
  if (!new URL(callbackUrl).pathname.endsWith(SCHWAB_CALLBACK_PATH)) {
    throw new ConfigError(`CONDOR_SCHWAB_CALLBACK_URL must end in condor's callback page, ${SCHWAB_CALLBACK_PATH} (your public URL plus that path, as registered with the Schwab app).`);
  }
  return { appKey, appSecret, callbackUrl, apiUrl };
}
