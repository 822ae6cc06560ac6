import { describe, expect, it } from 'vitest';
import { loadConfig } from './load-config.js';
import { ConfigError } from './config-error.js';
import { SCHWAB_CALLBACK_PATH, schwabConfig } from './schwab-config.js';
import { withSecretFiles } from './secret-files.js';

const APP = {
  CONDOR_SCHWAB_APP_KEY: 'app-key-1',
  CONDOR_SCHWAB_APP_SECRET: 'app-secret-do-not-echo',
  CONDOR_SCHWAB_CALLBACK_URL: `https://condor.example${SCHWAB_CALLBACK_PATH}`,
};

describe('the Schwab app settings', () => {
  it('offers Schwab only with the whole app: none of the three is no Schwab, all three is the app', () => {
    expect(schwabConfig({})).toBeNull();
    expect(schwabConfig(APP)).toEqual({ appKey: 'app-key-1', appSecret: 'app-secret-do-not-echo', callbackUrl: APP.CONDOR_SCHWAB_CALLBACK_URL, apiUrl: null });
    expect(schwabConfig({ ...APP, CONDOR_SCHWAB_API_URL: 'http://127.0.0.1:9999/' })?.apiUrl).toBe('http://127.0.0.1:9999');
  });

  it('stops the start on part of the app, naming the variables and never the secret', () => {
    for (const missing of Object.keys(APP)) {
      const partial: NodeJS.ProcessEnv = { ...APP, [missing]: undefined };
      expect(() => schwabConfig(partial)).toThrow(ConfigError);
      expect(() => schwabConfig(partial)).toThrow(/CONDOR_SCHWAB_APP_KEY, CONDOR_SCHWAB_APP_SECRET and CONDOR_SCHWAB_CALLBACK_URL/);
    }
    expect(() => schwabConfig({ CONDOR_SCHWAB_API_URL: 'http://127.0.0.1:9999' })).toThrow(/the Schwab app is not/);
    const messages = [{ ...APP, CONDOR_SCHWAB_CALLBACK_URL: 'ftp://x' }, { ...APP, CONDOR_SCHWAB_APP_KEY: undefined }].map((env) => {
      try {
        schwabConfig(env);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    });
    for (const message of messages) expect(message).not.toContain('app-secret-do-not-echo');
  });

  it('takes an https callback ending in condor’s page, or http on a loopback address (a fake in tests), nothing else', () => {
    const callback = (url: string): NodeJS.ProcessEnv => ({ ...APP, CONDOR_SCHWAB_CALLBACK_URL: url });
    expect(schwabConfig(callback(`http://127.0.0.1:8787${SCHWAB_CALLBACK_PATH}`))?.callbackUrl).toBe(`http://127.0.0.1:8787${SCHWAB_CALLBACK_PATH}`);
    expect(schwabConfig(callback(`http://localhost${SCHWAB_CALLBACK_PATH}`))).not.toBeNull();
    expect(() => schwabConfig(callback(`http://condor.example${SCHWAB_CALLBACK_PATH}`))).toThrow(/must be an https URL/);
    expect(() => schwabConfig(callback('https://condor.example/callback'))).toThrow(/must end in condor's callback page, \/broker-keys\/schwab\/callback/);
  });

  it('takes the app secret from a file, as the other secrets', () => {
    const env = withSecretFiles({ ...APP, CONDOR_SCHWAB_APP_SECRET: undefined, CONDOR_SCHWAB_APP_SECRET_FILE: '/run/credentials/schwab' }, (path) =>
      path === '/run/credentials/schwab' ? 'from-file\n' : '',
    );
    expect(loadConfig(env).schwab?.appSecret).toBe('from-file');
  });
});
