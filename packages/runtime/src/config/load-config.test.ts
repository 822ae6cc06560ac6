import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './load-config.js';

describe('loadConfig', () => {
  it('defaults to development on 127.0.0.1:8787 with SQLite under ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', host: '127.0.0.1', port: 8787, dataDir: resolve('data') });
    expect(config.databaseUrl).toBe(resolve('data', 'condor.db'));
    expect(config.signingKey).toBeNull();
    expect(config.secretKey).toBeNull();
    expect(config.previousSecretKeys).toEqual([]);
  });

  it('takes production from CONDOR_ENV or NODE_ENV', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).env).toBe('production');
    expect(loadConfig({ NODE_ENV: 'production', CONDOR_ENV: 'development' }).env).toBe('development');
  });

  it('stops on invalid numbers and names the variable, not the value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be a whole number from 0 to 65535/);
    expect(() => loadConfig({ CONDOR_ENV: 'staging' })).toThrow(/CONDOR_ENV must be one of: development, production/);
  });

  it('keeps the secret key raw and splits the previous ones', () => {
    const config = loadConfig({ CONDOR_SECRET_KEY: ' current ', CONDOR_SECRET_KEY_PREVIOUS: 'old-1, old-2,' });
    expect(config.secretKey).toBe('current');
    expect(config.previousSecretKeys).toEqual(['old-1', 'old-2']);
  });

  it('reads allowed hosts for /mcp: none by default, lower-cased names with optional ports', () => {
    expect(loadConfig({}).allowedHosts).toBeNull();
    expect(loadConfig({ CONDOR_ALLOWED_HOSTS: ' ' }).allowedHosts).toBeNull();
    expect(loadConfig({ CONDOR_ALLOWED_HOSTS: 'Condor.Example, condor.example:8443,[::1],' }).allowedHosts).toEqual([
      'condor.example',
      'condor.example:8443',
      '[::1]',
    ]);
  });

  it('refuses an allowed host that is not a host name, naming the variable', () => {
    for (const bad of ['https://condor.example', 'condor.example/mcp', 'condor.example:70000', 'condor.example:0', '*.example']) {
      expect(() => loadConfig({ CONDOR_ALLOWED_HOSTS: bad })).toThrow(/CONDOR_ALLOWED_HOSTS must list host names/);
    }
  });

  it('splits allowed origins', () => {
    expect(loadConfig({ CONDOR_ALLOWED_ORIGINS: 'https://a.example, https://b.example,' }).allowedOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});

describe('loadConfig: quotas, throttles and proxies', () => {
  it('starts from the default quotas and applies CONDOR_QUOTA_<TOOL> overrides', () => {
    const config = loadConfig({ CONDOR_QUOTA_FIND_IRON_CONDORS: '3', CONDOR_QUOTA_GET_POSITIONS: '0' });
    expect(config.freeQuotas.find_iron_condors).toBe(3);
    expect(config.freeQuotas.get_positions).toBe(0);
    expect(config.freeQuotas.create_strategy).toBe(10);
    expect(Object.keys(loadConfig({}).freeQuotas).sort()).toEqual(['create_strategy', 'find_iron_condors']);
  });

  it('refuses a quota for a tool that does not exist', () => {
    expect(() => loadConfig({ CONDOR_QUOTA_SELL_EVERYTHING: '1' })).toThrow(/CONDOR_QUOTA_SELL_EVERYTHING names no tool/);
  });

  it('reads login throttling, the per-IP limit and trusted proxies', () => {
    const config = loadConfig({
      CONDOR_LOGIN_MAX_FAILURES: '5',
      CONDOR_RATE_LIMIT: '20',
      CONDOR_RATE_LIMIT_WINDOW_SECONDS: '10',
      CONDOR_TRUSTED_PROXIES: '1',
    });
    expect(config.loginThrottle).toEqual({ maxFailures: 5, windowSeconds: 900 });
    expect(config.rateLimit).toEqual({ limit: 20, windowSeconds: 10 });
    expect(config.trustedProxies).toBe(1);
  });
});

describe('loadConfig: CONDOR_SIM_START', () => {
  it('reads an instant with a time zone, and refuses one without', () => {
    expect(loadConfig({}).simStart).toBeNull();
    expect(loadConfig({ CONDOR_SIM_START: '2026-02-10T15:00:00Z' }).simStart).toBe(Date.UTC(2026, 1, 10, 15));
    expect(loadConfig({ CONDOR_SIM_START: '2026-02-10T10:00:00-05:00' }).simStart).toBe(Date.UTC(2026, 1, 10, 15));
    expect(() => loadConfig({ CONDOR_SIM_START: '2026-02-10 10:00' })).toThrow(/CONDOR_SIM_START must be an ISO-8601 instant/);
    expect(loadConfig({ CONDOR_SIM_START: '2026-02-10T15:00:00Z', CONDOR_SIM_ANCHOR: '2026-11-21T10:00:00Z' }).simAnchor).toBe(Date.UTC(2026, 10, 21, 10));
    expect(loadConfig({}).simAnchor).toBeNull();
  });
});

describe('loadConfig: CONDOR_SIM_CLOCK_RATE and CONDOR_SIM_FILL_SEED', () => {
  it('runs on real time unless a development process is told a whole rate up to 60', () => {
    expect(loadConfig({}).simClockRate).toBe(1);
    expect(loadConfig({ CONDOR_SIM_CLOCK_RATE: '5' }).simClockRate).toBe(5);
    expect(() => loadConfig({ CONDOR_SIM_CLOCK_RATE: '2.5' })).toThrow(/CONDOR_SIM_CLOCK_RATE must be a whole number from 1 to 60/);
    expect(() => loadConfig({ CONDOR_SIM_CLOCK_RATE: '0' })).toThrow(/CONDOR_SIM_CLOCK_RATE must be a whole number from 1 to 60/);
  });

  it('refuses a fast clock in production, and lets a rate of 1 through', () => {
    expect(() => loadConfig({ CONDOR_ENV: 'production', CONDOR_SIM_CLOCK_RATE: '5' })).toThrow(/CONDOR_SIM_CLOCK_RATE is for tests in development/);
    expect(loadConfig({ NODE_ENV: 'production', CONDOR_SIM_CLOCK_RATE: '1' }).simClockRate).toBe(1);
  });

  it('leaves the fill seed to the simulated broker unless told one', () => {
    expect(loadConfig({}).simFillSeed).toBeNull();
    expect(loadConfig({ CONDOR_SIM_FILL_SEED: '7' }).simFillSeed).toBe(7);
    expect(() => loadConfig({ CONDOR_SIM_FILL_SEED: '-1' })).toThrow(/CONDOR_SIM_FILL_SEED must be a whole number from 0 to 4294967295/);
  });
});

describe('loadConfig: CONDOR_SIM_SESSION', () => {
  it('runs a demo session in development and keeps exchange hours in production, unless told otherwise', () => {
    expect(loadConfig({}).simSession).toBe('demo');
    expect(loadConfig({ CONDOR_ENV: 'development' }).simSession).toBe('demo');
    expect(loadConfig({ CONDOR_ENV: 'production' }).simSession).toBe('exchange');
    expect(loadConfig({ NODE_ENV: 'production' }).simSession).toBe('exchange');
    expect(loadConfig({ CONDOR_SIM_SESSION: 'exchange' }).simSession).toBe('exchange');
    expect(loadConfig({ CONDOR_ENV: 'production', CONDOR_SIM_SESSION: 'demo' }).simSession).toBe('demo');
    expect(loadConfig({ CONDOR_SIM_SESSION: ' ' }).simSession).toBe('demo');
  });

  it('refuses any other value, naming the two', () => {
    expect(() => loadConfig({ CONDOR_SIM_SESSION: 'always' })).toThrow(/CONDOR_SIM_SESSION must be one of: demo, exchange/);
  });
});

describe('loadConfig: CONDOR_MCP_TOOLSETS', () => {
  it('offers every toolset unless told fewer, in one order whatever the order given', () => {
    expect(loadConfig({}).mcpToolsets).toEqual(['account', 'research', 'trading']);
    expect(loadConfig({ CONDOR_MCP_TOOLSETS: ' ' }).mcpToolsets).toEqual(['account', 'research', 'trading']);
    expect(loadConfig({ CONDOR_MCP_TOOLSETS: 'trading, Research,trading,' }).mcpToolsets).toEqual(['research', 'trading']);
  });

  it('refuses a toolset that does not exist, naming the ones that do', () => {
    expect(() => loadConfig({ CONDOR_MCP_TOOLSETS: 'research,orders' })).toThrow(/CONDOR_MCP_TOOLSETS must list toolsets from: account, research, trading/);
  });
});

describe('loadConfig: CONDOR_AUTOROLL_ENABLED', () => {
  it('is off unless set to true, and refuses other values', () => {
    expect(loadConfig({}).autorollEnabled).toBe(false);
    expect(loadConfig({ CONDOR_AUTOROLL_ENABLED: 'true' }).autorollEnabled).toBe(true);
    expect(() => loadConfig({ CONDOR_AUTOROLL_ENABLED: 'yes' })).toThrow(/CONDOR_AUTOROLL_ENABLED must be one of: true, false/);
    expect([loadConfig({}).simOutsidePosition, loadConfig({ CONDOR_SIM_OUTSIDE_POSITION: 'true' }).simOutsidePosition]).toEqual([false, true]);
  });
});

describe('loadConfig: CONDOR_SIM_FILLS', () => {
  it('fills realistically unless told at_mid, and refuses other values', () => {
    expect([loadConfig({}).simFills, loadConfig({ CONDOR_SIM_FILLS: 'at_mid' }).simFills, loadConfig({ CONDOR_SIM_FILLS: 'realistic' }).simFills]).toEqual(['realistic', 'at_mid', 'realistic']);
    expect(() => loadConfig({ CONDOR_SIM_FILLS: 'instant' })).toThrow(/CONDOR_SIM_FILLS must be one of: realistic, at_mid/);
  });
});

describe('loadConfig: live trading and Alpaca hosts', () => {
  it('keeps live trading off and Alpaca on its own hosts unless told otherwise', () => {
    expect(loadConfig({}).liveTradingEnabled).toBe(false);
    expect(loadConfig({}).alpacaUrls).toEqual({ paper: null, live: null, data: null });
    const custom = loadConfig({ CONDOR_LIVE_TRADING_ENABLED: 'true', CONDOR_ALPACA_PAPER_URL: 'http://127.0.0.1:9999/' });
    expect([custom.liveTradingEnabled, custom.alpacaUrls.paper]).toEqual([true, 'http://127.0.0.1:9999']);
    expect(() => loadConfig({ CONDOR_ALPACA_LIVE_URL: 'api.alpaca.markets' })).toThrow(/CONDOR_ALPACA_LIVE_URL must be an http\(s\) URL/);
  });

  it("keeps tastytrade on its own hosts unless CONDOR_TASTYTRADE_API_URL names one for both", () => {
    expect(loadConfig({}).tastytradeApiUrl).toBeNull();
    expect(loadConfig({ CONDOR_TASTYTRADE_API_URL: 'http://127.0.0.1:9998/' }).tastytradeApiUrl).toBe('http://127.0.0.1:9998');
    expect(() => loadConfig({ CONDOR_TASTYTRADE_API_URL: 'api.tastyworks.com' })).toThrow(/CONDOR_TASTYTRADE_API_URL must be an http\(s\) URL/);
  });
});

describe('loadConfig: CONDOR_MCP_AUTH', () => {
  it('challenges tool calls that need a caller by default, every request when required, and refuses other values', () => {
    expect(loadConfig({}).mcpAuth).toBe('tools');
    expect(loadConfig({ CONDOR_MCP_AUTH: 'required' }).mcpAuth).toBe('required');
    expect([loadConfig({}).mcpDirectPath, loadConfig({ CONDOR_MCP_DIRECT_PATH: 'off' }).mcpDirectPath]).toEqual([true, false]);
    expect(() => loadConfig({ CONDOR_MCP_DIRECT_PATH: 'no' })).toThrow(/CONDOR_MCP_DIRECT_PATH/);
    expect(() => loadConfig({ CONDOR_MCP_AUTH: 'always' })).toThrow(/CONDOR_MCP_AUTH/);
  });
});

describe('loadConfig: human approval', () => {
  it('needs a person by default, lets the agent confirm paper orders only when told, trusts MCP App approvals unless told not to', () => {
    const plain = loadConfig({});
    expect([plain.approvalPolicy, plain.appApprovals, plain.elicitationApprovals, plain.publicUrl]).toEqual(['human', true, true, null]);
    expect(loadConfig({ CONDOR_ELICITATION_APPROVALS: 'false' }).elicitationApprovals).toBe(false);
    expect(() => loadConfig({ CONDOR_LIVE_CLIENT_APPROVALS: 'true' })).toThrow(/CONDOR_LIVE_CLIENT_APPROVALS.*passkey/);
    expect(loadConfig({ CONDOR_LIVE_CLIENT_APPROVALS: 'false' }).approvalPolicy).toBe('human');
    const relaxed = loadConfig({ CONDOR_APPROVAL: 'confirm', CONDOR_APP_APPROVALS: 'false', CONDOR_PUBLIC_URL: 'https://condor.example/' });
    expect([relaxed.approvalPolicy, relaxed.appApprovals, relaxed.publicUrl]).toEqual(['confirm', false, 'https://condor.example']);
    expect(() => loadConfig({ CONDOR_APPROVAL: 'auto' })).toThrow(/CONDOR_APPROVAL must be one of: human, confirm/);
    expect(() => loadConfig({ CONDOR_PUBLIC_URL: 'condor.example' })).toThrow(/CONDOR_PUBLIC_URL must be an http\(s\) URL/);
  });
});

describe('loadConfig: market data source', () => {
  it('is the simulated market by default; Alpaca needs the server key pair and never prints it', () => {
    expect(loadConfig({}).marketData).toEqual({ source: 'sim' });
    expect(() => loadConfig({ CONDOR_MARKET_DATA: 'alpaca', CONDOR_ALPACA_DATA_KEY_ID: 'AKSERVER' })).toThrow(/CONDOR_ALPACA_DATA_SECRET_KEY/);
    const alpaca = loadConfig({ CONDOR_MARKET_DATA: 'alpaca', CONDOR_ALPACA_DATA_KEY_ID: 'AKSERVER', CONDOR_ALPACA_DATA_SECRET_KEY: 'server-secret' });
    expect(alpaca.marketData).toEqual({ source: 'alpaca', keyId: 'AKSERVER', secretKey: 'server-secret', dataUrl: null });
    expect(() => loadConfig({ CONDOR_MARKET_DATA: 'bloomberg' })).toThrow(/CONDOR_MARKET_DATA must be one of: sim, alpaca, tastytrade/);
  });

  it("tastytrade needs the server's own client secret and refresh token, on the sandbox unless told live, and never prints them", () => {
    const grant = { CONDOR_MARKET_DATA: 'tastytrade', CONDOR_TASTYTRADE_CLIENT_SECRET: 'server-client-secret', CONDOR_TASTYTRADE_REFRESH_TOKEN: 'server.refresh.token' };
    expect(loadConfig(grant).marketData).toEqual({ source: 'tastytrade', clientSecret: 'server-client-secret', refreshToken: 'server.refresh.token', environment: 'paper' });
    expect(loadConfig({ ...grant, CONDOR_TASTYTRADE_ENVIRONMENT: 'live' }).marketData).toMatchObject({ environment: 'live' });
    expect(() => loadConfig({ ...grant, CONDOR_TASTYTRADE_ENVIRONMENT: 'cert' })).toThrow(/CONDOR_TASTYTRADE_ENVIRONMENT must be one of: paper, live/);
    const missing = (env: Record<string, string>): string => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('loadConfig accepted a missing grant');
    };
    const message = missing({ CONDOR_MARKET_DATA: 'tastytrade', CONDOR_TASTYTRADE_CLIENT_SECRET: 'server-client-secret' });
    expect(message).toMatch(/CONDOR_TASTYTRADE_CLIENT_SECRET and CONDOR_TASTYTRADE_REFRESH_TOKEN/);
    expect(message).not.toContain('server-client-secret');
    expect(missing({ CONDOR_MARKET_DATA: 'tastytrade', CONDOR_TASTYTRADE_REFRESH_TOKEN: 'server.refresh.token' })).not.toContain('server.refresh.token');
  });
});

describe('loadConfig: CONDOR_COMMISSION_PER_CONTRACT', () => {
  it('defaults to no commission (Alpaca charges none on options) and takes dollars with up to 4 decimals', () => {
    expect(loadConfig({}).commissionPerContract).toBe(0);
    expect(loadConfig({ CONDOR_COMMISSION_PER_CONTRACT: '0.65' }).commissionPerContract).toBe(0.65);
  });

  it.each(['-1', 'abc', '0.123456', '11', '1e2'])('refuses %s without echoing it', (raw) => {
    expect(() => loadConfig({ CONDOR_COMMISSION_PER_CONTRACT: raw })).toThrow('CONDOR_COMMISSION_PER_CONTRACT must be dollars from 0 to 10 with at most 4 decimals, e.g. 0.65.');
  });
});
