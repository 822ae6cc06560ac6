import { describe, expect, it } from 'vitest';
import { loadConfig } from './load-config.js';

const KEY = 'condor_sk_0123456789abcdefABCDEF_-xyz';

describe('loadConfig: CONDOR_API_KEY', () => {
  it('takes an API key for the stdio server, beside (not instead of) CONDOR_MCP_TOKEN', () => {
    expect(loadConfig({}).apiKey).toBeNull();
    const both = loadConfig({ CONDOR_API_KEY: ` ${KEY} `, CONDOR_MCP_TOKEN: 'a.token.here' });
    expect([both.apiKey, both.mcpToken]).toEqual([KEY, 'a.token.here']);
  });

  it('stops the start on anything that is no API key, without echoing it', () => {
    for (const bad of ['sk_live_1234567890abcdef', 'condor_sk_short', `${KEY} extra`]) {
      let message = '';
      try {
        loadConfig({ CONDOR_API_KEY: bad });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/CONDOR_API_KEY must be an API key/);
      expect(message).not.toContain(bad);
    }
  });
});
