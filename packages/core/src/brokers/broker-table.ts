import type { BrokerCredentials } from '../ports/broker.js';
import type { BrokerEnvironment, BrokerName } from '../ports/broker-link-store.js';

/** The two keys `set_broker_keys` takes (and the broker-keys page), as stored: the same two for every broker. */
export interface StoredKeys {
  readonly api_key: string;
  readonly api_secret: string;
}

/** A broker's keys: what each `set_broker_keys` parameter holds there, and the credentials its adapter gets. */
export interface BrokerKeys {
  /** In words, what the person enters as each parameter (Alpaca: its API key id and secret). */
  readonly fields: { readonly [Field in keyof StoredKeys]: string };
  /** The names of the broker-keys page's two form fields, as the broker calls them (`client_secret`, `refresh_token`). */
  readonly formNames: { readonly [Field in keyof StoredKeys]: string };
  /** How the stored keys (and the account chosen when connecting, if any) map onto the adapter's credentials. */
  readonly credentials: (keys: StoredKeys, accountNumber: string | null) => BrokerCredentials;
}

/** What core may rely on at a broker: real differences are flags here, never a test of the broker's name. */
export interface BrokerCapabilities {
  /** The environments it has; a link to another is refused. */
  readonly environments: readonly BrokerEnvironment[];
  /** The most legs one multi-leg order may carry. */
  readonly maxLegsPerOrder: number;
  /** Its adapter's `dryRun` gives the broker's own fees and buying power, which replace condor's estimate on the ticket. */
  readonly dryRun: boolean;
  /** One login may hold several accounts: `Brokers.listAccounts` lists them and the person chooses one when connecting. */
  readonly chooseAccount: boolean;
  /**
   * Whose market a linked person researches and trades on (design §17): `own`, the account's market data read with the
   * person's own credentials (`Brokers.marketData`); `simulated`, condor's simulated market.
   */
  readonly market: 'own' | 'simulated';
  /**
   * The broker's own commission per option contract, each way, where condor knows it (Schwab's $0.65, as its order
   * preview shows it): a linked person's costs are estimated with it. Null: the deployment's `CONDOR_COMMISSION_PER_CONTRACT`.
   */
  readonly commissionPerContract: number | null;
}

/** A broker linked by logging in there (OAuth authorization code), not by keys typed into condor. */
export interface BrokerLoginSpec {
  /** How long a login lasts (epoch ms from `loggedInAt`): the person logs in again after it; null when it does not end. */
  readonly lastsMs: number | null;
  /** condor's page the broker sends the person back to; the app's registered callback is the public URL plus it. */
  readonly callbackPath: string;
  /** How the login's refresh token, when it was issued, and the chosen account's handle map onto the adapter's credentials. */
  readonly credentials: (refreshToken: string, loggedInAt: number, accountKey: string | null) => BrokerCredentials;
}

export interface BrokerSpec {
  readonly words: {
    /** Opens the account's words: "Alpaca, paper account — …". */
    readonly name: string;
    /** Before "account" or "broker": "your Alpaca paper account", "the simulated broker". */
    readonly short: string;
    /** After its quoted name in connect_broker's description: `"alpaca" uses the keys from set_broker_keys`. */
    readonly connect: string;
  };
  /** Null for a broker that takes no keys: linking it needs only connect_broker (or a login, where `login` says so). */
  readonly keys: BrokerKeys | null;
  /** Null for a broker linked with keys or with nothing; set for one the person links by logging in there. */
  readonly login: BrokerLoginSpec | null;
  readonly capabilities: BrokerCapabilities;
}

/** Schwab's refresh token lasts 7 days and cannot be renewed: the person logs in at Schwab again each week. */
const SCHWAB_LOGIN_MS = 7 * 86_400_000;

/**
 * The brokers condor knows, one row each: a new broker is its adapter package plus one row here (and its name and
 * credentials variant on the ports, which make a missing row a type error).
 */
export const BROKERS = {
  sim: {
    words: { name: 'Simulated paper broker', short: 'simulated', connect: 'is the simulated paper broker (no keys needed)' },
    keys: null,
    login: null,
    capabilities: { environments: ['paper'], maxLegsPerOrder: 4, dryRun: false, chooseAccount: false, market: 'simulated', commissionPerContract: null },
  },
  alpaca: {
    words: { name: 'Alpaca', short: 'Alpaca', connect: 'uses the keys from set_broker_keys' },
    keys: {
      fields: { api_key: 'API key id', api_secret: 'API secret' },
      formNames: { api_key: 'api_key', api_secret: 'api_secret' },
      credentials: ({ api_key, api_secret }) => ({ kind: 'alpaca', apiKey: api_key, apiSecret: api_secret }),
    },
    login: null,
    capabilities: { environments: ['paper', 'live'], maxLegsPerOrder: 4, dryRun: false, chooseAccount: false, market: 'own', commissionPerContract: null },
  },
  tastytrade: {
    words: {
      name: 'tastytrade',
      short: 'tastytrade',
      connect:
        'uses the OAuth client secret and refresh token from set_broker_keys (api_key = client secret, api_secret = refresh token; paper = the sandbox) and the account_number chosen among the login’s accounts',
    },
    keys: {
      fields: { api_key: 'OAuth client secret', api_secret: 'refresh token (from the OAuth grant)' },
      formNames: { api_key: 'client_secret', api_secret: 'refresh_token' },
      credentials: ({ api_key, api_secret }, accountNumber) => ({ kind: 'tastytrade', clientSecret: api_key, refreshToken: api_secret, accountNumber }),
    },
    login: null,
    capabilities: { environments: ['paper', 'live'], maxLegsPerOrder: 4, dryRun: true, chooseAccount: true, market: 'own', commissionPerContract: null },
  },
  schwab: {
    words: {
      name: 'Charles Schwab',
      short: 'Schwab',
      connect: 'is linked by logging in at Schwab from the broker keys page (get_broker_keys_link; no keys to enter, live only, the login lasts 7 days) and the account_number chosen there',
    },
    keys: null,
    login: {
      lastsMs: SCHWAB_LOGIN_MS,
      callbackPath: '/broker-keys/schwab/callback',
      credentials: (refreshToken, loggedInAt, accountKey) => ({ kind: 'schwab', refreshToken, refreshIssuedAt: loggedInAt, accountHash: accountKey }),
    },
    capabilities: { environments: ['live'], maxLegsPerOrder: 4, dryRun: true, chooseAccount: true, market: 'own', commissionPerContract: 0.65 },
  },
} as const satisfies Record<BrokerName, BrokerSpec>;

/** Every broker, in the table's order. */
export const BROKER_NAMES = Object.keys(BROKERS) as readonly BrokerName[];

/** The brokers whose keys `set_broker_keys` stores. */
export type KeyedBrokerName = { [Name in BrokerName]: (typeof BROKERS)[Name]['keys'] extends null ? never : Name }[BrokerName];

export const KEYED_BROKERS = BROKER_NAMES.filter((name): name is KeyedBrokerName => BROKERS[name].keys !== null);

/** The brokers a person links by logging in there. */
export const LOGIN_BROKERS = BROKER_NAMES.filter((name) => BROKERS[name].login !== null);

/** The broker of a user who has linked none yet: the simulated paper broker, which needs no keys. */
export const DEFAULT_BROKER: BrokerName = 'sim';
