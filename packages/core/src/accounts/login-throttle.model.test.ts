import { fc, test } from '@fast-check/vitest';
import { AdvanceClock, createTestServices, type TestServices } from '@condor/testkit';
import { expect } from 'vitest';
import { DEFAULT_CORE_CONFIG } from '../services.js';
import { execute } from '../operations/execute.js';

const FREE = 2;
const WINDOW = 60_000;
const DAY = 86_400_000;
const ACCOUNT_BUDGET = 4;
const ADDRESS_BUDGET = 5;
const PASSWORD = 'model password 123';
const USERS = ['ann@example.com', 'bob@example.com'];
const EMAILS = [...USERS, 'ghost@example.com', 'nobody@example.com'];
const ADDRESSES = ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4', '192.0.2.5', null];

type Address = string | null;
type Outcome = 'OK' | 'INVALID_CREDENTIALS' | 'RATE_LIMITED';
interface Attempt {
  readonly email: string;
  readonly address: Address;
  readonly correct: boolean;
}

/** The model: a log of what happened, from which the policy's answer is worked out afresh each time. */
interface Model {
  now: number;
  /** Admitted attempts per account-and-address pair since its last success. */
  admitted: { email: string; address: Address; at: number }[];
  /** When each pair's wait ends, set by its admitted attempts. */
  waits: Map<string, number>;
  failures: { email: string; address: Address; at: number }[];
  /** The last refusal, while nothing else has happened since. */
  refused: { attempt: Attempt; seconds: number } | null;
}
interface Real {
  services: TestServices;
}

const pairOf = (email: string, address: Address) => `${email} ${String(address)}`;

/** The open fixed window over `times` (each window starts at the first time at or after the last one's end). */
function openWindow(times: readonly number[], length: number, now: number): { count: number; resetAt: number } | null {
  let start = Number.NEGATIVE_INFINITY;
  let count = 0;
  for (const at of times) {
    if (at >= start + length) [start, count] = [at, 1];
    else count += 1;
  }
  return count > 0 && now < start + length ? { count, resetAt: start + length } : null;
}

/** When the policy stops refusing this attempt (`now` when it does not refuse). */
function refusedUntil(m: Model, { email, address }: Attempt): number {
  const pair = openWindow(m.admitted.filter((a) => a.email === email && a.address === address).map((a) => a.at), WINDOW, m.now);
  const account = openWindow(m.failures.filter((f) => f.email === email).map((f) => f.at), DAY, m.now);
  const byAddress = openWindow(m.failures.filter((f) => f.address === address).map((f) => f.at), WINDOW, m.now);
  return Math.max(
    m.now,
    m.waits.get(pairOf(email, address)) ?? m.now,
    byAddress !== null && byAddress.count >= ADDRESS_BUDGET ? byAddress.resetAt : m.now,
    account !== null && account.count >= ACCOUNT_BUDGET && pair !== null ? Math.min(pair.resetAt, account.resetAt) : m.now,
  );
}

/** What the policy answers, and the model after it. */
function apply(m: Model, attempt: Attempt): { outcome: Outcome; seconds?: number } {
  const { email, address, correct } = attempt;
  const until = refusedUntil(m, attempt);
  if (until > m.now) return { outcome: 'RATE_LIMITED', seconds: Math.ceil((until - m.now) / 1000) };
  const ours = (a: { email: string; address: Address }) => a.email === email && a.address === address;
  m.admitted.push({ email, address, at: m.now });
  const count = openWindow(m.admitted.filter(ours).map((a) => a.at), WINDOW, m.now)?.count ?? 0;
  if (count >= FREE) m.waits.set(pairOf(email, address), m.now + Math.min(1000 * 2 ** (count - FREE), WINDOW));
  if (correct && USERS.includes(email)) {
    m.admitted = m.admitted.filter((a) => !ours(a));
    m.waits.delete(pairOf(email, address));
    return { outcome: 'OK' };
  }
  m.failures.push({ email, address, at: m.now });
  return { outcome: 'INVALID_CREDENTIALS' };
}

async function send(r: Real, { email, address, correct }: Attempt): Promise<{ outcome: Outcome; seconds?: number }> {
  const input = { email, password: correct ? PASSWORD : 'wrong password 1' };
  const result = await execute('login', input, { services: r.services, credential: null, requestId: 'm', batchKey: null, clientIp: address });
  if (result.isOk()) return { outcome: 'OK' };
  const { body, retryAfterSeconds } = result.error;
  return body.error === 'RATE_LIMITED' ? { outcome: 'RATE_LIMITED', seconds: retryAfterSeconds ?? -1 } : { outcome: body.error as Outcome };
}

/** Whether the address has done nothing in the last window: the owner at home, whatever anyone else did. */
const untouched = (m: Model, address: Address) =>
  ![...m.admitted, ...m.failures].some((a) => a.address === address && a.at > m.now - WINDOW) &&
  ![...m.waits.entries()].some(([pair, until]) => pair.endsWith(` ${String(address)}`) && until > m.now);

class Login implements fc.AsyncCommand<Model, Real> {
  constructor(readonly attempt: Attempt) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const clean = untouched(m, this.attempt.address);
    const expected = apply(m, this.attempt);
    expect(await send(r, this.attempt)).toEqual(expected);
    // Nobody can lock a user out: the right password from an address with no recent attempts works.
    if (clean && this.attempt.correct && USERS.includes(this.attempt.email)) expect(expected.outcome).toBe('OK');
    m.refused = expected.seconds === undefined ? null : { attempt: this.attempt, seconds: expected.seconds };
  }
  toString = () => `login(${this.attempt.email}, ${String(this.attempt.address)}, ${this.attempt.correct ? 'right' : 'wrong'})`;
}

/** Retry-After is exact: a second early the attempt is still refused (for at most that second), on time it is admitted. */
class RetryWhenTold implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.refused !== null;
  async run(m: Model, r: Real) {
    if (m.refused === null) return;
    const { attempt, seconds } = m.refused;
    m.now += (seconds - 1) * 1000;
    r.services.clock.advance((seconds - 1) * 1000);
    expect(await send(r, attempt)).toEqual({ outcome: 'RATE_LIMITED', seconds: 1 });
    m.now += 1000;
    r.services.clock.advance(1000);
    const expected = apply(m, attempt);
    expect(expected.outcome).not.toBe('RATE_LIMITED');
    expect(await send(r, attempt)).toEqual(expected);
    m.refused = null;
  }
  toString = () => 'retryWhenTold';
}

/** A restart: new services over the same stores and clock. */
class Restart implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  run(m: Model, r: Real) {
    const { rateLimits, users, clock } = r.services;
    r.services = createTestServices({ rateLimits, users, clock, config: r.services.config });
    return Promise.resolve();
  }
  toString = () => 'restart';
}

class Advance extends AdvanceClock<Model, Real> {
  override run(m: Model, r: Real) {
    m.refused = null;
    return super.run(m, r);
  }
}

const attempts = fc.record({ email: fc.constantFrom(...EMAILS), address: fc.constantFrom(...ADDRESSES), correct: fc.boolean() });
const login = attempts.map((attempt) => new Login(attempt));
const commands = fc.commands(
  [
    // Logins weigh most, so runs reach the limits.
    login,
    login,
    login,
    login,
    fc.constant(new RetryWhenTold()),
    fc.constant(new Restart()),
    fc.constantFrom(1, 999, 1_000, 7_000, 59_999, 60_000, DAY).map((ms) => new Advance(ms)),
  ],
  { maxCommands: 120, size: 'max' },
);

test.prop([commands], { numRuns: 200 })('the login throttle matches its model, never locks out a quiet address, and says when to retry', async (cmds) => {
  const config = { ...DEFAULT_CORE_CONFIG, loginThrottle: { maxFailures: FREE, windowSeconds: WINDOW / 1000, accountMaxFailures: ACCOUNT_BUDGET, addressMaxFailures: ADDRESS_BUDGET } };
  const services = createTestServices({ config });
  for (const email of USERS) await execute('register', { email, password: PASSWORD }, { services, credential: null, requestId: 'm', batchKey: null });
  await fc.asyncModelRun(() => ({ model: { now: services.clock.now(), admitted: [], waits: new Map(), failures: [], refused: null }, real: { services } }), cmds);
});
