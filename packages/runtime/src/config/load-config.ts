import { resolve } from 'node:path';
import { DEFAULT_CORE_CONFIG, TOOL_NAMES, TOOLSETS, type ToolName, type Toolset } from '@condor/core';
import type { LogLevel } from '../adapters/json-logger.js';
import { ConfigError } from './config-error.js';
import { notificationConfig, type NotificationConfig } from './notification-config.js';
import { schwabConfig, type SchwabConfig } from './schwab-config.js';
import { withSecretFiles } from './secret-files.js';
import { dollars, instant, integer, list, oneOf, optionalInteger, text, url } from './setting-values.js';

export type DeploymentEnv = 'development' | 'production';

/** Everything the process reads from its environment, parsed and checked once at start. */
export interface RuntimeConfig {
  readonly env: DeploymentEnv;
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  /** Web Push and mail (design §18). */
  readonly notifications: NotificationConfig;
  /** A SQLite file path (the default) or, later, a postgres:// URL. */
  readonly databaseUrl: string;
  /** The raw CONDOR_SIGNING_KEY, or null (development then keeps a generated key in dataDir). */
  readonly signingKey: string | null;
  /** The raw CONDOR_SECRET_KEY that seals broker secrets, or null (development then keeps a generated key in dataDir). */
  readonly secretKey: string | null;
  /** CONDOR_SECRET_KEY_PREVIOUS, split on commas: retired keys that still open what they sealed. */
  readonly previousSecretKeys: readonly string[];
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlSeconds: number;
  /** The access token the stdio MCP server acts with (CONDOR_MCP_TOKEN). */
  readonly mcpToken: string | null;
  /** The API key the stdio MCP server acts with (CONDOR_API_KEY): preferred to CONDOR_MCP_TOKEN, and it does not expire with a token. */
  readonly apiKey: string | null;
  /** CONDOR_MCP_TOOLSETS: the toolsets MCP offers, in TOOLSETS order; every one when unset. */
  readonly mcpToolsets: readonly Toolset[];
  readonly allowedOrigins: readonly string[];
  /**
   * CONDOR_ALLOWED_HOSTS, split on commas and lower-cased: the names (`host` or `host:port`) `/mcp` answers to,
   * replacing the loopback names a loopback-bound server uses; null when unset.
   */
  readonly allowedHosts: readonly string[] | null;
  readonly bodyLimitBytes: number;
  readonly logLevel: LogLevel;
  /** Free-tier calls per tool per UTC day (defaults, overridden by CONDOR_QUOTA_<TOOL>). */
  readonly freeQuotas: Readonly<Partial<Record<ToolName, number>>>;
  /** CONDOR_LOGIN_*: see the README; the two budgets are undefined when unset, so core's defaults apply. */
  readonly loginThrottle: {
    readonly maxFailures: number;
    readonly windowSeconds: number;
    readonly accountMaxFailures: number | undefined;
    readonly addressMaxFailures: number | undefined;
  };
  /** CONDOR_AUTOROLL_ENABLED=true lets execute_iron_condor_autoroll create proposals (never orders). */
  readonly autorollEnabled: boolean;
  /** CONDOR_SIM_OUTSIDE_POSITION=true: each new paper account also holds a SPY call bought outside the service (demos). */
  readonly simOutsidePosition: boolean;
  /**
   * CONDOR_SIM_FILLS: how the simulated paper broker fills — `realistic` (the default: the seeded fill model, a limit
   * nearer the natural price filling sooner, in part) or `at_mid` (a limit at the mid fills whole at once; tests, demos).
   */
  readonly simFills: 'realistic' | 'at_mid';
  /**
   * CONDOR_SIM_SESSION: `demo` (the default in development) runs a labelled demo session of the simulated market while
   * the exchange is closed; `exchange` (the default in production) keeps the exchange's hours, holidays and early closes.
   */
  readonly simSession: 'demo' | 'exchange';
  /** CONDOR_LIVE_TRADING_ENABLED=true lets users link live (real-money) Alpaca accounts; paper only otherwise. */
  readonly liveTradingEnabled: boolean;
  /**
   * CONDOR_APPROVAL: `human` (the default) — only a person places an order (approval page, MCP App, elicitation);
   * `confirm` — the agent's confirm_proposal also places, on paper accounts only (scripts, tests, demos).
   */
  readonly approvalPolicy: 'human' | 'confirm';
  /** CONDOR_APP_APPROVALS=false: an MCP App ticket's Approve no longer counts as a person's approval (on by default). */
  readonly appApprovals: boolean;
  /** CONDOR_ELICITATION_APPROVALS=false: an accepted MCP elicitation no longer counts as a person's approval (on by default). */
  readonly elicitationApprovals: boolean;
  /**
   * CONDOR_MCP_AUTH: which requests without a credential `/mcp` answers 401 (with the OAuth challenge) — `tools`
   * (the default): calls of tools that need a caller; `required`: every one, as hosts that decide on OAuth from their
   * first request expect (anonymous register over MCP then needs REST).
   */
  readonly mcpAuth: 'tools' | 'required';
  /**
   * CONDOR_MCP_DIRECT_PATH=off: every /mcp request goes through the MCP SDK, even the plain single requests the direct
   * path answers (on by default; the two are one behaviour, and CI runs the conformance suite on both).
   */
  readonly mcpDirectPath: boolean;
  /** CONDOR_COMMISSION_PER_CONTRACT: the broker's commission per option contract in dollars (0: Alpaca charges none). */
  readonly commissionPerContract: number;
  /** CONDOR_PUBLIC_URL: where people reach condor's pages (approval and keys links); null: this process's own address. */
  readonly publicUrl: string | null;
  /** Alpaca Trading API hosts (CONDOR_ALPACA_PAPER_URL, CONDOR_ALPACA_LIVE_URL); null: Alpaca's own. */
  /** CONDOR_ALPACA_PAPER_URL, CONDOR_ALPACA_LIVE_URL, CONDOR_ALPACA_DATA_URL: Alpaca's hosts replaced (a local fake in tests); null: Alpaca's own. */
  readonly alpacaUrls: { readonly paper: string | null; readonly live: string | null; readonly data: string | null };
  /** CONDOR_TASTYTRADE_API_URL: one host replacing both of tastytrade's (sandbox and production); null: tastytrade's own. */
  readonly tastytradeApiUrl: string | null;
  /** The Schwab app (CONDOR_SCHWAB_*); null: Schwab is not offered. Offered only where live trading is enabled too. */
  readonly schwab: SchwabConfig | null;
  /**
   * Where prices come from (CONDOR_MARKET_DATA): the simulated market, Alpaca with the server's own key pair
   * (CONDOR_ALPACA_DATA_KEY_ID, CONDOR_ALPACA_DATA_SECRET_KEY; CONDOR_ALPACA_DATA_URL overrides the data host), or
   * tastytrade with the server's own grant (CONDOR_TASTYTRADE_CLIENT_SECRET, CONDOR_TASTYTRADE_REFRESH_TOKEN) on
   * CONDOR_TASTYTRADE_ENVIRONMENT (`paper`, the sandbox, by default; `live`, production).
   */
  readonly marketData:
    | { readonly source: 'sim' }
    | { readonly source: 'alpaca'; readonly keyId: string; readonly secretKey: string; readonly dataUrl: string | null }
    | { readonly source: 'tastytrade'; readonly clientSecret: string; readonly refreshToken: string; readonly environment: 'paper' | 'live' };
  /** REST requests allowed per client address per window. */
  readonly rateLimit: { readonly limit: number; readonly windowSeconds: number };
  /** Reverse proxies trusted to append to X-Forwarded-For (0: use the socket address). */
  readonly trustedProxies: number;
  /** CONDOR_SIM_START: the instant the process's clock starts from (epoch ms), for demos and tests of the simulated market; null: real time. */
  readonly simStart: number | null;
  /**
   * CONDOR_SIM_ANCHOR: the real instant CONDOR_SIM_START stands for (epoch ms); null: the process start.
   * Instances given the same pair share one shifted clock.
   */
  readonly simAnchor: number | null;
  /**
   * CONDOR_SIM_CLOCK_RATE: how many times faster than real time the process's clock runs (1, the default: real
   * time). For tests of the walk in development; production refuses anything but 1.
   */
  readonly simClockRate: number;
  /** CONDOR_SIM_FILL_SEED: the seed of the simulated broker's `realistic` fill model; null: the broker's own (28). */
  readonly simFillSeed: number | null;
}

export { ConfigError } from './config-error.js';

/**
 * Reads the configuration from `given` (see the README's table), a secret setting from the file its `<NAME>_FILE`
 * names when set. Invalid values stop the start with a message naming the variable — never its value, which may be
 * a secret.
 */
export function loadConfig(given: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const env = withSecretFiles(given);
  refuseRetiredLiveClientApprovals(env);
  const dataDir = resolve(text(env.CONDOR_DATA_DIR) ?? './data');
  const deployment = oneOf(env, 'CONDOR_ENV', ['development', 'production'], env.NODE_ENV === 'production' ? 'production' : 'development');
  return {
    env: deployment,
    host: text(env.HOST) ?? '127.0.0.1',
    port: integer(env, 'PORT', 8787, 0, 65_535),
    dataDir,
    notifications: notificationConfig(env),
    databaseUrl: text(env.DATABASE_URL) ?? resolve(dataDir, 'condor.db'),
    signingKey: text(env.CONDOR_SIGNING_KEY),
    secretKey: text(env.CONDOR_SECRET_KEY),
    previousSecretKeys: list(env.CONDOR_SECRET_KEY_PREVIOUS),
    accessTokenTtlSeconds: integer(env, 'CONDOR_ACCESS_TOKEN_TTL_SECONDS', 900, 60, 86_400),
    refreshTokenTtlSeconds: integer(env, 'CONDOR_REFRESH_TOKEN_TTL_SECONDS', 30 * 86_400, 3_600, 365 * 86_400),
    mcpToken: text(env.CONDOR_MCP_TOKEN),
    apiKey: apiKey(env.CONDOR_API_KEY),
    mcpToolsets: toolsets(env.CONDOR_MCP_TOOLSETS),
    simStart: instant('CONDOR_SIM_START', env.CONDOR_SIM_START),
    simAnchor: instant('CONDOR_SIM_ANCHOR', env.CONDOR_SIM_ANCHOR),
    simClockRate: clockRate(env, deployment),
    simFillSeed: optionalInteger(env, 'CONDOR_SIM_FILL_SEED', 0, 4_294_967_295) ?? null,
    allowedOrigins: list(env.CONDOR_ALLOWED_ORIGINS),
    allowedHosts: hosts(env.CONDOR_ALLOWED_HOSTS),
    bodyLimitBytes: integer(env, 'CONDOR_BODY_LIMIT_BYTES', 1_048_576, 1_024, 64 * 1_048_576),
    logLevel: oneOf(env, 'LOG_LEVEL', ['info', 'warn', 'error', 'silent'], 'info'),
    freeQuotas: quotas(env),
    autorollEnabled: oneOf(env, 'CONDOR_AUTOROLL_ENABLED', ['true', 'false'], 'false') === 'true',
    simOutsidePosition: oneOf(env, 'CONDOR_SIM_OUTSIDE_POSITION', ['true', 'false'], 'false') === 'true',
    simFills: oneOf(env, 'CONDOR_SIM_FILLS', ['realistic', 'at_mid'], 'realistic'),
    simSession: oneOf(env, 'CONDOR_SIM_SESSION', ['demo', 'exchange'], deployment === 'production' ? 'exchange' : 'demo'),
    liveTradingEnabled: oneOf(env, 'CONDOR_LIVE_TRADING_ENABLED', ['true', 'false'], 'false') === 'true',
    approvalPolicy: oneOf(env, 'CONDOR_APPROVAL', ['human', 'confirm'], 'human'),
    appApprovals: oneOf(env, 'CONDOR_APP_APPROVALS', ['true', 'false'], 'true') === 'true',
    elicitationApprovals: oneOf(env, 'CONDOR_ELICITATION_APPROVALS', ['true', 'false'], 'true') === 'true',
    mcpAuth: oneOf(env, 'CONDOR_MCP_AUTH', ['tools', 'required'], 'tools'),
    mcpDirectPath: oneOf(env, 'CONDOR_MCP_DIRECT_PATH', ['on', 'off'], 'on') === 'on',
    publicUrl: url('CONDOR_PUBLIC_URL', env.CONDOR_PUBLIC_URL),
    commissionPerContract: dollars(env, 'CONDOR_COMMISSION_PER_CONTRACT', 0, 10),
    alpacaUrls: {
      paper: url('CONDOR_ALPACA_PAPER_URL', env.CONDOR_ALPACA_PAPER_URL),
      live: url('CONDOR_ALPACA_LIVE_URL', env.CONDOR_ALPACA_LIVE_URL),
      data: url('CONDOR_ALPACA_DATA_URL', env.CONDOR_ALPACA_DATA_URL),
    },
    tastytradeApiUrl: url('CONDOR_TASTYTRADE_API_URL', env.CONDOR_TASTYTRADE_API_URL),
    schwab: schwabConfig(env),
    marketData: marketDataSource(env),
    loginThrottle: {
      maxFailures: integer(env, 'CONDOR_LOGIN_MAX_FAILURES', DEFAULT_CORE_CONFIG.loginThrottle.maxFailures, 1, 1_000),
      windowSeconds: integer(env, 'CONDOR_LOGIN_WINDOW_SECONDS', DEFAULT_CORE_CONFIG.loginThrottle.windowSeconds, 1, 86_400),
      accountMaxFailures: optionalInteger(env, 'CONDOR_LOGIN_ACCOUNT_MAX_FAILURES', 1, 100_000),
      addressMaxFailures: optionalInteger(env, 'CONDOR_LOGIN_ADDRESS_MAX_FAILURES', 1, 1_000_000),
    },
    rateLimit: {
      limit: integer(env, 'CONDOR_RATE_LIMIT', 300, 1, 1_000_000),
      windowSeconds: integer(env, 'CONDOR_RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400),
    },
    trustedProxies: integer(env, 'CONDOR_TRUSTED_PROXIES', 0, 0, 10),
  };
}

/** CONDOR_API_KEY: an API key as create_api_key shows it; anything else stops the start (without echoing it). */
function apiKey(raw: string | undefined): string | null {
  const value = text(raw);
  if (value !== null && !/^condor_sk_[A-Za-z0-9_-]{16,128}$/.test(value)) {
    throw new ConfigError('CONDOR_API_KEY must be an API key as condor showed it when it was created (condor_sk_…).');
  }
  return value;
}

/** CONDOR_SIM_CLOCK_RATE: a clock that runs fast is for tests; a production process keeps real time or does not start. */
function clockRate(env: NodeJS.ProcessEnv, deployment: DeploymentEnv): number {
  const rate = integer(env, 'CONDOR_SIM_CLOCK_RATE', 1, 1, 60);
  if (rate !== 1 && deployment === 'production') throw new ConfigError('CONDOR_SIM_CLOCK_RATE is for tests in development: production runs on real time. Remove the setting.');
  return rate;
}

const QUOTA_PREFIX = 'CONDOR_QUOTA_';

/** The default quotas with every `CONDOR_QUOTA_<TOOL>` applied; an unknown tool name stops the start. */
function quotas(env: NodeJS.ProcessEnv): Partial<Record<ToolName, number>> {
  const result: Partial<Record<ToolName, number>> = { ...DEFAULT_CORE_CONFIG.freeQuotas };
  for (const name of Object.keys(env).filter((key) => key.startsWith(QUOTA_PREFIX))) {
    const tool = name.slice(QUOTA_PREFIX.length).toLowerCase();
    if (!(TOOL_NAMES as readonly string[]).includes(tool)) throw new ConfigError(`${name} names no tool; use CONDOR_QUOTA_<TOOL_NAME>.`);
    result[tool as ToolName] = integer(env, name, 0, 0, 1_000_000);
  }
  return result;
}

/** A comma list of toolset names (any case), in TOOLSETS order; every toolset when unset or empty. */
function toolsets(raw: string | undefined): Toolset[] {
  const named = list(raw).map((name) => name.toLowerCase());
  if (named.length === 0) return [...TOOLSETS];
  const unknown = named.filter((name) => !(TOOLSETS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new ConfigError(`CONDOR_MCP_TOOLSETS must list toolsets from: ${TOOLSETS.join(', ')}.`);
  return TOOLSETS.filter((toolset) => named.includes(toolset));
}

/**
 * CONDOR_LIVE_CLIENT_APPROVALS let MCP clients approve live orders; live orders now need the person's passkey
 * (issue 29), so a deployment that still asks for it is told at start rather than silently ignored.
 */
function refuseRetiredLiveClientApprovals(env: NodeJS.ProcessEnv): void {
  if (oneOf(env, 'CONDOR_LIVE_CLIENT_APPROVALS', ['true', 'false'], 'false') === 'true') {
    throw new ConfigError('CONDOR_LIVE_CLIENT_APPROVALS was retired: a live order needs the person’s passkey on the approval page, which no MCP client can give. Remove the setting.');
  }
}

const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::(\d{1,5}))?$/;

/** Host names, each optionally with a port, e.g. `condor.example,condor.example:8443,[::1]`; null when unset. */
function hosts(raw: string | undefined): string[] | null {
  const entries = list(raw).map((entry) => entry.toLowerCase());
  if (entries.length === 0) return null;
  for (const entry of entries) {
    const match = HOST.exec(entry);
    const port = match?.[2] === undefined ? 1 : Number(match[2]);
    if (match === null || port < 1 || port > 65_535) {
      throw new ConfigError('CONDOR_ALLOWED_HOSTS must list host names, each optionally with :port, e.g. condor.example,condor.example:8443.');
    }
  }
  return entries;
}

function marketDataSource(env: NodeJS.ProcessEnv): RuntimeConfig['marketData'] {
  const source = oneOf(env, 'CONDOR_MARKET_DATA', ['sim', 'alpaca', 'tastytrade'], 'sim');
  switch (source) {
    case 'sim':
      return { source };
    case 'alpaca': {
      const keyId = text(env.CONDOR_ALPACA_DATA_KEY_ID);
      const secretKey = text(env.CONDOR_ALPACA_DATA_SECRET_KEY);
      if (keyId === null || secretKey === null) {
        throw new ConfigError('CONDOR_MARKET_DATA=alpaca needs the server key pair in CONDOR_ALPACA_DATA_KEY_ID and CONDOR_ALPACA_DATA_SECRET_KEY.');
      }
      return { source, keyId, secretKey, dataUrl: url('CONDOR_ALPACA_DATA_URL', env.CONDOR_ALPACA_DATA_URL) };
    }
    case 'tastytrade': {
      const clientSecret = text(env.CONDOR_TASTYTRADE_CLIENT_SECRET);
      const refreshToken = text(env.CONDOR_TASTYTRADE_REFRESH_TOKEN);
      if (clientSecret === null || refreshToken === null) {
        throw new ConfigError('CONDOR_MARKET_DATA=tastytrade needs the server\'s own grant in CONDOR_TASTYTRADE_CLIENT_SECRET and CONDOR_TASTYTRADE_REFRESH_TOKEN.');
      }
      return { source, clientSecret, refreshToken, environment: oneOf(env, 'CONDOR_TASTYTRADE_ENVIRONMENT', ['paper', 'live'], 'paper') };
    }
  }
}
