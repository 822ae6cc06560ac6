import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { CoreConfig, Services } from '../services.js';

/*
 * Login throttling slows guessing without letting anyone lock a user out (OWASP: throttle rather than
 * lock out; NIST 800-63B §5.2.2: at most 100 failed attempts on an account). Three counters, each a
 * fixed window from its first count:
 * - an account-and-address pair has `maxFailures` free attempts per `windowSeconds` (a success starts
 *   it over); from the last free one on, each attempt makes the pair wait 1 s, 2 s, 4 s … before the
 *   next — a brute force from one address crawls, and the owner on another address never notices;
 * - an address that failed `addressMaxFailures` times per `windowSeconds`, on any accounts, waits for
 *   its window's end — high enough for a shared NAT, low enough to stop one address spraying passwords;
 * - an account that failed `accountMaxFailures` times in a day, from all addresses, is then open only
 *   to addresses without an attempt on it in their pair's window — a distributed attacker gets one guess
 *   per address per window, while the owner's correct password from their own address still works.
 * Refused attempts do no password work; a success clears its pair only (clearing the account would hand
 * a distributed attacker a fresh budget each time the owner logs in).
 */

const ACCOUNT_MAX_FAILURES = 100;
const ADDRESS_MAX_FAILURES = 500;
const DAY_MS = 86_400_000;
/** Callers without an address (in-process and stdio calls) share one. */
const NO_ADDRESS = 'unknown';

interface Limits {
  readonly pairFree: number;
  readonly windowMs: number;
  readonly account: number;
  readonly accountWindowMs: number;
  readonly address: number;
}

const limitsOf = ({ loginThrottle: t }: CoreConfig): Limits => ({
  pairFree: t.maxFailures,
  windowMs: t.windowSeconds * 1000,
  account: t.accountMaxFailures ?? ACCOUNT_MAX_FAILURES,
  accountWindowMs: Math.max(DAY_MS, t.windowSeconds * 1000),
  address: t.addressMaxFailures ?? ADDRESS_MAX_FAILURES,
});

function keysOf(email: string, clientIp: string | null) {
  const address = clientIp ?? NO_ADDRESS;
  // JSON keeps the pair unambiguous whatever the email and address contain.
  const pair = JSON.stringify([email, address]);
  return { pair: `login:pair:${pair}`, wait: `login:wait:${pair}`, account: `login:account:${email}`, address: `login:address:${address}` };
}

/** The wait the pair's `attempt`-th attempt starts: none before the last free one, then 1 s doubling, at most a window. */
const backoffMs = (attempt: number, limits: Limits): number =>
  attempt < limits.pairFree ? 0 : Math.min(1000 * 2 ** (attempt - limits.pairFree), limits.windowMs);

/**
 * Admits a login attempt, before any password work, or refuses it — while its pair waits out a backoff,
 * its address has used up its budget, or its account has and this address already tried it — with one
 * message for all and the seconds until the refusal lifts. An admitted attempt counts on its pair.
 */
export function admitLoginAttempt(email: string, clientIp: string | null, services: Services): ResultAsync<void, AppError> {
  const now = services.clock.now();
  const limits = limitsOf(services.config);
  const keys = keysOf(email, clientIp);
  const peek = (key: string) => services.rateLimits.peek(key, now);
  return ResultAsync.fromSafePromise(Promise.all([peek(keys.pair), peek(keys.wait), peek(keys.account), peek(keys.address)]))
    .map(([pair, wait, account, address]) =>
      // A window that is not open peeks as count 0 and resetAt = now, so it adds nothing here.
      Math.max(
        wait.resetAt,
        address.count >= limits.address ? address.resetAt : now,
        account.count >= limits.account && pair.count > 0 ? Math.min(pair.resetAt, account.resetAt) : now,
      ),
    )
    .andThen((until) => (until > now ? okAsync(until) : ResultAsync.fromSafePromise(takeTurn(keys, limits, now, services))))
    .andThen((until) => (until > now ? errAsync(refusal(Math.ceil((until - now) / 1000))) : okAsync(undefined)));
}

/**
 * Counts the attempt on its pair and, from the last free one on, opens the pair's next wait. Concurrent
 * attempts all pass the peeks before any is counted; only the one that opens the wait goes on, so a
 * burst gets no more than `maxFailures` guesses, and its count makes the next wait long.
 * Returns `now` to go on, or when the wait another attempt opened ends.
 */
async function takeTurn(keys: ReturnType<typeof keysOf>, limits: Limits, now: number, services: Services): Promise<number> {
  const pair = await services.rateLimits.hit(keys.pair, limits.windowMs, now);
  const waitMs = backoffMs(pair.count, limits);
  if (waitMs === 0) return now;
  const wait = await services.rateLimits.hit(keys.wait, waitMs, now);
  return wait.count === 1 ? now : wait.resetAt;
}

function refusal(seconds: number): AppError {
  const wait = `${String(seconds)} second${seconds === 1 ? '' : 's'}`;
  return appError('RATE_LIMITED', {
    message: `Too many failed logins. Try again in ${wait}.`,
    suggestion: `Wait ${wait}, then log in with the correct password.`,
    retryAfterSeconds: seconds,
  });
}

/** Counts a failed login against its account and address (its pair counted the attempt on admission). */
export async function recordLoginFailure(email: string, clientIp: string | null, services: Services): Promise<void> {
  const now = services.clock.now();
  const limits = limitsOf(services.config);
  const keys = keysOf(email, clientIp);
  await Promise.all([
    services.rateLimits.hit(keys.account, limits.accountWindowMs, now),
    services.rateLimits.hit(keys.address, limits.windowMs, now),
  ]);
}

/** A successful login clears its pair's count and wait; the account and address keep their counts. */
export async function clearLoginFailures(email: string, clientIp: string | null, services: Services): Promise<void> {
  const keys = keysOf(email, clientIp);
  await Promise.all([services.rateLimits.reset(keys.pair), services.rateLimits.reset(keys.wait)]);
}
