import type { BrokerError } from '@condor/core';
import { ResultAsync, err, ok, type Result } from 'neverthrow';
import type { SchwabHttp } from './schwab-http.js';
import { REFRESH_TOKEN_MS, type SchwabApp } from './schwab-oauth.js';
import { isObject } from './schwab-wire.js';

/** An access token and when it stops working (epoch ms). */
export interface CachedToken {
  readonly token: string;
  readonly expiresAt: number;
}

/**
 * Where minted access tokens are kept, by link: the same interface as `@condor/broker-tastytrade`'s, so the
 * runtime's sealed, shared cache serves both. `claim` leases the next mint across instances.
 */
export interface TokenCache {
  get(ownerId: string, linkKey: string): Promise<CachedToken | undefined>;
  put(ownerId: string, linkKey: string, token: string, expiresAt: number): Promise<void>;
  claim?(ownerId: string, linkKey: string, until: number): Promise<boolean>;
}

/** A TokenCache in this process's memory, leases included (several SchwabBrokers on one cache behave as instances do). */
export class MemoryTokenCache implements TokenCache {
  private readonly tokens = new Map<string, CachedToken>();
  private readonly leases = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  get(_ownerId: string, linkKey: string): Promise<CachedToken | undefined> {
    return Promise.resolve(this.tokens.get(linkKey));
  }

  put(_ownerId: string, linkKey: string, token: string, expiresAt: number): Promise<void> {
    this.tokens.set(linkKey, { token, expiresAt });
    this.leases.delete(linkKey);
    return Promise.resolve();
  }

  claim(_ownerId: string, linkKey: string, until: number): Promise<boolean> {
    const held = this.leases.get(linkKey);
    if (held !== undefined && held > this.now()) return Promise.resolve(false);
    this.leases.set(linkKey, until);
    return Promise.resolve(true);
  }
}

/** One link's login: what mints its access tokens. */
export interface SchwabGrant {
  readonly ownerId: string;
  /** Names the link in the cache: owner and a fingerprint of the refresh token, never the token itself. */
  readonly linkKey: string;
  readonly refreshToken: string;
  /** When the person logged in (epoch ms): the refresh token ends 7 days later. */
  readonly refreshIssuedAt: number;
}

export interface SchwabTokensOptions {
  readonly http: SchwabHttp;
  readonly app: SchwabApp;
  readonly cache: TokenCache;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  /** How long before its expiry a token is replaced (default 61 s, as Schwabdev does). */
  readonly marginMs?: number;
  /** The waits for another instance's token before minting anyway (default 5 × 200 ms). */
  readonly leaseWaitsMs?: readonly number[];
}

const DEFAULT_MARGIN_MS = 61_000;
const DEFAULT_LEASE_WAITS_MS = [200, 200, 200, 200, 200] as const;
const LEASE_MS = 10_000;
const MAX_ROUNDS = 3;

/** The words of an ended link: log in at Schwab again. */
export function loginAgain(why: string): BrokerError {
  return { kind: 'auth_failed', message: `${why} Log in at Schwab again from the broker keys page (/broker-keys) to link it anew; your positions stay as they are.` };
}

/**
 * Access tokens (30 minutes) of every Schwab link, minted from the link's refresh token single-flight: concurrent
 * calls in this process share one refresh, and instances sharing a cache with leases wait for the holder's token.
 * A refresh token 7 days old is not sent at all: the answer says to log in at Schwab again, as it does when
 * Schwab refuses the refresh.
 * @example
 * const token = await tokens.accessToken(grant); // Ok('I0.…'), minted once, then from the cache
 */
export class SchwabTokens {
  private readonly flights = new Map<string, Promise<Result<string, BrokerError>>>();
  private readonly seen = new Map<string, CachedToken>();

  constructor(private readonly options: SchwabTokensOptions) {}

  /** A usable access token; `refused` is one Schwab just answered 401 to, never handed back. */
  accessToken(grant: SchwabGrant, refused?: string): ResultAsync<string, BrokerError> {
    return new ResultAsync(this.join(grant, refused));
  }

  /** Keeps the access token a code exchange gave, so the first calls of a new link need no refresh. */
  async seed(grant: SchwabGrant, token: CachedToken): Promise<void> {
    this.seen.set(grant.linkKey, token);
    await this.options.cache.put(grant.ownerId, grant.linkKey, token.token, token.expiresAt).catch(() => undefined);
  }

  private async join(grant: SchwabGrant, refused: string | undefined): Promise<Result<string, BrokerError>> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      let flight = this.flights.get(grant.linkKey);
      if (flight === undefined) {
        const started = this.lookUpOrMint(grant, refused).finally(() => {
          if (this.flights.get(grant.linkKey) === started) this.flights.delete(grant.linkKey);
        });
        flight = started;
        this.flights.set(grant.linkKey, flight);
      }
      const result = await flight;
      if (result.isErr() || result.value !== refused) return result;
    }
    return err({ kind: 'unavailable', message: 'Schwab kept answering with an access token it had just refused' });
  }

  private async lookUpOrMint(grant: SchwabGrant, refused: string | undefined): Promise<Result<string, BrokerError>> {
    if (grant.refreshIssuedAt + REFRESH_TOKEN_MS <= this.options.now()) {
      return err(loginAgain(`Your Schwab link ended on ${new Date(grant.refreshIssuedAt + REFRESH_TOKEN_MS).toISOString().slice(0, 16).replace('T', ' ')} UTC: Schwab ends every login after 7 days.`));
    }
    const usable = (cached: CachedToken | undefined): cached is CachedToken => cached !== undefined && cached.token !== refused && cached.expiresAt - (this.options.marginMs ?? DEFAULT_MARGIN_MS) > this.options.now();
    const fromShared = async (): Promise<string | null> => {
      const shared = await this.options.cache.get(grant.ownerId, grant.linkKey).catch(() => undefined);
      if (!usable(shared)) return null;
      this.seen.set(grant.linkKey, shared);
      return shared.token;
    };
    const seen = this.seen.get(grant.linkKey);
    if (usable(seen)) return ok(seen.token);
    const shared = await fromShared();
    if (shared !== null) return ok(shared);
    const { cache } = this.options;
    if (cache.claim !== undefined) {
      const won = await cache.claim(grant.ownerId, grant.linkKey, this.options.now() + LEASE_MS).catch(() => true);
      if (won) {
        const kept = await fromShared();
        if (kept !== null) return ok(kept);
      } else {
        for (const wait of this.options.leaseWaitsMs ?? DEFAULT_LEASE_WAITS_MS) {
          await this.options.sleep(wait);
          const theirs = await fromShared();
          if (theirs !== null) return ok(theirs);
        }
      }
    }
    return this.mint(grant);
  }

  private async mint(grant: SchwabGrant): Promise<Result<string, BrokerError>> {
    const { http, app } = this.options;
    const startedAt = this.options.now();
    http.remember(grant.refreshToken);
    const answer = await http.send('POST', '/v1/oauth/token', { basic: { user: app.appKey, password: app.appSecret }, form: { grant_type: 'refresh_token', refresh_token: grant.refreshToken } });
    if (answer.isErr()) return err(answer.error);
    const response = answer.value;
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      return err(loginAgain(`Schwab no longer accepts this link's login (HTTP ${String(response.status)}): it ended after 7 days, or was revoked at Schwab.`));
    }
    const data = response.data;
    const token = isObject(data) && typeof data.access_token === 'string' ? data.access_token : '';
    if (response.status !== 200 || token === '') return err({ kind: 'unavailable', message: `Schwab's token endpoint answered ${String(response.status)} without an access token: ${response.reason}` });
    http.remember(token);
    const lifetime = isObject(data) && typeof data.expires_in === 'number' ? data.expires_in : 1800;
    const cached = { token, expiresAt: startedAt + lifetime * 1000 };
    this.seen.set(grant.linkKey, cached);
    await this.options.cache.put(grant.ownerId, grant.linkKey, cached.token, cached.expiresAt).catch(() => undefined);
    return ok(token);
  }
}
