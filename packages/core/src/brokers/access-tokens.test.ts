import { fc, test } from '@fast-check/vitest';
import { FakeClock } from '@condor/testkit';
import { err, ok, type Result } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { BrokerError } from '../ports/broker.js';
import type { CachedToken, TokenCache } from '../ports/token-cache.js';
import { AccessTokens, MemoryTokenCache, type AccessTokensOptions } from './access-tokens.js';

interface Grant {
  readonly ownerId: string;
  readonly linkKey: string;
}

const GRANT: Grant = { ownerId: 'u1', linkKey: 'live:u1:abc' };
const LIFETIME_MS = 900_000;
const MARGIN_MS = 60_000;

/** A broker's token endpoint: numbered tokens, a count of calls, and a gate a test may hold shut. */
class FakeMint {
  calls = 0;
  private gate: Promise<void> = Promise.resolve();
  private open: () => void = () => undefined;

  constructor(
    private readonly clock: FakeClock,
    private readonly answers: (call: number) => Result<string, BrokerError> = (call) => ok(`t${String(call)}`),
  ) {}

  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open();
  }

  readonly mint = async (): Promise<Result<CachedToken, BrokerError>> => {
    this.calls += 1;
    const call = this.calls;
    await this.gate;
    return this.answers(call).map((token) => ({ token, expiresAt: this.clock.now() + LIFETIME_MS }));
  };
}

/** A memory cache shared like the database, which says when a token is kept. */
class KeepingCache extends MemoryTokenCache {
  private kept: (() => void)[] = [];

  override async put(ownerId: string, linkKey: string, token: string, expiresAt: number): Promise<void> {
    await super.put(ownerId, linkKey, token, expiresAt);
    for (const resolve of this.kept.splice(0)) resolve();
  }

  untilKept(): Promise<void> {
    return new Promise((resolve) => this.kept.push(resolve));
  }
}

function setup(
  overrides: Partial<AccessTokensOptions<Grant>> = {},
  answers?: (call: number) => Result<string, BrokerError>,
): {
  clock: FakeClock;
  cache: KeepingCache;
  minter: FakeMint;
  sleeps: number[];
  tokens: (more?: Partial<AccessTokensOptions<Grant>>) => AccessTokens<Grant>;
} {
  const clock = new FakeClock();
  const cache = new KeepingCache(() => clock.now());
  const minter = new FakeMint(clock, answers);
  const sleeps: number[] = [];
  const sleep = (ms: number): Promise<void> => {
    sleeps.push(ms);
    clock.advance(ms);
    return Promise.resolve();
  };
  const tokens = (more: Partial<AccessTokensOptions<Grant>> = {}): AccessTokens<Grant> =>
    new AccessTokens<Grant>({ cache, now: () => clock.now(), sleep, mint: minter.mint, marginMs: MARGIN_MS, leaseMs: 15_000, brokerWords: 'Acme', ...overrides, ...more });
  return { clock, cache, minter, sleeps, tokens };
}

const valueOf = (result: Result<string, BrokerError>): string => result._unsafeUnwrap();

describe('AccessTokens', () => {
  it('mints one token for 20 concurrent calls on a link in one process', async () => {
    const { minter, tokens } = setup();
    const access = tokens();
    minter.hold();
    const calls = Array.from({ length: 20 }, () => access.accessToken(GRANT));
    minter.release();
    expect((await Promise.all(calls)).map(valueOf)).toEqual(Array.from({ length: 20 }, () => 't1'));
    expect(minter.calls).toBe(1);
  });

  it('uses the token until marginMs before it expires, then mints once more', async () => {
    const { clock, minter, tokens } = setup();
    const access = tokens();
    expect(valueOf(await access.accessToken(GRANT))).toBe('t1');
    clock.advance(LIFETIME_MS - MARGIN_MS - 1);
    expect(valueOf(await access.accessToken(GRANT))).toBe('t1');
    clock.advance(1);
    expect(valueOf(await access.accessToken(GRANT))).toBe('t2');
    expect(minter.calls).toBe(2);
  });

  it('mints once for two instances on one cache: the lease loser waits for the winner’s token', async () => {
    const { cache, minter, tokens } = setup();
    minter.hold();
    const sleeps: number[] = [];
    // A wait that lets the winner's token call answer, and ends when its token is kept.
    const sleep = (ms: number): Promise<void> => {
      sleeps.push(ms);
      const kept = cache.untilKept();
      minter.release();
      return kept;
    };
    const answers = await Promise.all([tokens({ sleep }).accessToken(GRANT), tokens({ sleep }).accessToken(GRANT)]);
    expect(answers.map(valueOf)).toEqual(['t1', 't1']);
    expect(minter.calls).toBe(1);
    expect(sleeps).toEqual([200]);
  });

  it('mints its own token after its waits when the lease holder never keeps one', async () => {
    const { clock, cache, minter, sleeps, tokens } = setup();
    expect(await cache.claim(GRANT.ownerId, GRANT.linkKey, clock.now() + 60_000)).toBe(true);
    const access = tokens();
    expect(valueOf(await access.accessToken(GRANT))).toBe('t1');
    expect(sleeps).toEqual([200, 200, 200, 200, 200]);
    expect(valueOf(await access.accessToken(GRANT))).toBe('t1');
    expect(minter.calls).toBe(1);
  });

  it('waits as leaseWaitsMs says', async () => {
    const { clock, cache, sleeps, tokens } = setup({ leaseWaitsMs: [50, 100] });
    await cache.claim(GRANT.ownerId, GRANT.linkKey, clock.now() + 60_000);
    expect(valueOf(await tokens().accessToken(GRANT))).toBe('t1');
    expect(sleeps).toEqual([50, 100]);
  });

  it('does not hand back a token the broker just refused, even while the cache still holds it', async () => {
    const { minter, tokens } = setup();
    const access = tokens();
    expect(valueOf(await access.accessToken(GRANT))).toBe('t1');
    expect(valueOf(await access.accessToken(GRANT, 't1'))).toBe('t2');
    expect(valueOf(await access.accessToken(GRANT))).toBe('t2');
    expect(minter.calls).toBe(2);
  });

  it('gives up, in the broker’s words, when the broker keeps minting the token it refused', async () => {
    const { minter, tokens } = setup({}, () => ok('same'));
    const answer = await tokens().accessToken(GRANT, 'same');
    expect(answer._unsafeUnwrapErr()).toEqual({ kind: 'unavailable', message: 'Acme kept answering with an access token it had just refused' });
    expect(minter.calls).toBe(3);
  });

  it('answers what `before` says without reading the cache or minting', async () => {
    const refusal: BrokerError = { kind: 'auth_failed', message: 'log in again' };
    const { cache, minter, tokens } = setup({ before: () => err(refusal) });
    await cache.put(GRANT.ownerId, GRANT.linkKey, 'cached', Number.MAX_SAFE_INTEGER);
    expect((await tokens().accessToken(GRANT))._unsafeUnwrapErr()).toBe(refusal);
    expect(minter.calls).toBe(0);
  });

  it('keeps no failed mint, and a retry does not wait on its own lease', async () => {
    const { sleeps, tokens } = setup({}, (call) => (call === 1 ? err({ kind: 'unavailable', message: 'down' }) : ok('t2')));
    const access = tokens();
    expect((await access.accessToken(GRANT))._unsafeUnwrapErr().kind).toBe('unavailable');
    expect(valueOf(await access.accessToken(GRANT))).toBe('t2');
    expect(sleeps).toEqual([]);
  });

  it('starts a new link from a seeded token without minting', async () => {
    const { clock, cache, minter, tokens } = setup();
    await tokens().seed(GRANT, { token: 'seeded', expiresAt: clock.now() + LIFETIME_MS });
    expect(valueOf(await tokens().accessToken(GRANT))).toBe('seeded');
    expect(await cache.get(GRANT.ownerId, GRANT.linkKey)).toEqual({ token: 'seeded', expiresAt: clock.now() + LIFETIME_MS });
    expect(minter.calls).toBe(0);
  });

  it('mints when the shared cache fails, rather than refusing to trade', async () => {
    const down = (): Promise<never> => Promise.reject(new Error('db down'));
    const broken: TokenCache = { get: down, put: down, claim: down };
    const { minter, tokens } = setup({ cache: broken });
    const access = tokens();
    expect(valueOf(await access.accessToken(GRANT))).toBe('t1');
    expect(valueOf(await access.accessToken(GRANT))).toBe('t1');
    expect(minter.calls).toBe(1);
  });
});

test.prop([fc.scheduler(), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 20 })])(
  'instances on one cache, whatever the interleaving: every call gets a token, one per instance at most is minted, and the next call mints none',
  async (s, instances, calls) => {
    const { minter, tokens } = setup();
    const scheduled = s.scheduleFunction(minter.mint);
    const all = Array.from({ length: instances }, () => tokens({ mint: scheduled, sleep: () => s.schedule(Promise.resolve()) }));
    const racing = Array.from({ length: calls }, (_, i) => ({ instance: i % instances, answer: Promise.resolve(all[i % instances]?.accessToken(GRANT)) }));
    await s.waitFor(Promise.all(racing.map((call) => call.answer)));
    const byInstance = new Map<number, Set<string>>();
    for (const { instance, answer } of racing) {
      const result = await answer;
      const token = result === undefined ? 'no instance' : valueOf(result);
      byInstance.set(instance, (byInstance.get(instance) ?? new Set<string>()).add(token));
    }
    for (const tokensOfOne of byInstance.values()) expect(tokensOfOne.size).toBe(1);
    expect(minter.calls).toBeLessThanOrEqual(Math.min(instances, calls));
    const before = minter.calls;
    for (const access of all) await s.waitFor(Promise.resolve(access.accessToken(GRANT)));
    expect(minter.calls).toBe(before);
  },
);
