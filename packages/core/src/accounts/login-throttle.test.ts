import { DEFAULT_CORE_CONFIG, type CoreConfig } from '@condor/core';
import { createTestServices, type TestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import { execute } from '../operations/execute.js';

const VICTIM = 'ann@example.com';
const PASSWORD = 'correct horse battery';
const WRONG = 'wrong password!!';
const ATTACKER = '203.0.113.9';
const HOME = '198.51.100.7';
let services: TestServices;

const attempt = (email: string, password: string, clientIp: string | null, on: TestServices = services) =>
  execute('login', { email, password }, { services: on, credential: null, requestId: 'r', batchKey: null, clientIp });
/** The answer's code: OK, INVALID_CREDENTIALS or RATE_LIMITED. */
const outcome = async (email: string, password: string, clientIp: string | null, on: TestServices = services) => {
  const result = await attempt(email, password, clientIp, on);
  return result.isOk() ? 'OK' : result.error.body.error;
};
const retryAfter = async (email: string, password: string, clientIp: string | null) =>
  (await attempt(email, password, clientIp))._unsafeUnwrapErr().retryAfterSeconds;
const withThrottle = (loginThrottle: Partial<CoreConfig['loginThrottle']>): CoreConfig => ({
  ...DEFAULT_CORE_CONFIG,
  loginThrottle: { ...DEFAULT_CORE_CONFIG.loginThrottle, ...loginThrottle },
});

async function fresh(config: CoreConfig = DEFAULT_CORE_CONFIG): Promise<void> {
  services = createTestServices({ config });
  await execute('register', { email: VICTIM, password: PASSWORD }, { services, credential: null, requestId: 'r', batchKey: null });
}

beforeEach(() => fresh());

describe('login throttle: nobody can lock a user out', () => {
  it('lets the owner in from another address while an attacker fails on the same account', async () => {
    for (let i = 0; i < 10; i++) expect(await outcome(VICTIM, WRONG, ATTACKER)).toBe('INVALID_CREDENTIALS');
    for (let i = 0; i < 5; i++) expect(await outcome(VICTIM, WRONG, ATTACKER)).toBe('RATE_LIMITED');
    expect(await outcome(VICTIM, PASSWORD, HOME)).toBe('OK');
    expect(await outcome(VICTIM, PASSWORD, null)).toBe('OK');
    expect(await outcome(VICTIM, PASSWORD, ATTACKER)).toBe('RATE_LIMITED');
  });

  it('lets the owner in, from the same address too, after failures for random emails from one address', async () => {
    for (let i = 0; i < 12; i++) expect(await outcome(`guess${String(i)}@example.com`, WRONG, ATTACKER)).toBe('INVALID_CREDENTIALS');
    expect(await outcome(VICTIM, PASSWORD, ATTACKER)).toBe('OK');
    expect(await outcome(VICTIM, PASSWORD, HOME)).toBe('OK');
  });

  it('gives one address a budget on all accounts that a shared NAT does not reach, then refuses it until its window ends', async () => {
    await fresh(withThrottle({ addressMaxFailures: 30 }));
    for (let i = 0; i < 29; i++) await attempt(`user${String(i)}@example.com`, WRONG, ATTACKER);
    expect(await outcome(VICTIM, PASSWORD, ATTACKER)).toBe('OK');
    services.clock.advance(60_000);
    expect(await outcome('user29@example.com', WRONG, ATTACKER)).toBe('INVALID_CREDENTIALS');
    expect(await retryAfter(VICTIM, PASSWORD, ATTACKER)).toBe(840);
    expect(await outcome(VICTIM, PASSWORD, HOME)).toBe('OK');
    services.clock.advance(840_000);
    expect(await outcome(VICTIM, PASSWORD, ATTACKER)).toBe('OK');
  });

  it('keeps the default address budget at 500 failures in 15 minutes', async () => {
    for (let i = 0; i < 499; i++) await attempt(`user${String(i)}@example.com`, WRONG, ATTACKER);
    expect(await outcome(VICTIM, PASSWORD, ATTACKER)).toBe('OK');
    await attempt('user499@example.com', WRONG, ATTACKER);
    expect(await retryAfter(VICTIM, PASSWORD, ATTACKER)).toBe(900);
  });
});

describe('login throttle: brute force stays slow', () => {
  it('makes one address wait 1 s, 2 s, 4 s … after its free failures on an account, until its window ends', async () => {
    for (let i = 0; i < 10; i++) await attempt(VICTIM, WRONG, ATTACKER);
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const seconds = (await retryAfter(VICTIM, WRONG, ATTACKER)) ?? 0;
      waits.push(seconds);
      services.clock.advance(seconds * 1000 - 1);
      expect(await outcome(VICTIM, PASSWORD, ATTACKER)).toBe('RATE_LIMITED');
      services.clock.advance(1);
      expect(await outcome(VICTIM, WRONG, ATTACKER)).toBe('INVALID_CREDENTIALS');
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512]);
    // 20 guesses took 1,023 s; the pair's 15-minute window has ended meanwhile, so the next wait starts over.
    services.clock.advance(1_024_000);
    for (let i = 0; i < 10; i++) expect(await outcome(VICTIM, WRONG, ATTACKER)).toBe('INVALID_CREDENTIALS');
    expect(await retryAfter(VICTIM, WRONG, ATTACKER)).toBe(1);
  });

  it('lets a burst of concurrent guesses through no further than its free attempts, then makes it wait long', async () => {
    const burst = await Promise.all(Array.from({ length: 30 }, () => outcome(VICTIM, WRONG, ATTACKER)));
    expect(burst.filter((code) => code === 'INVALID_CREDENTIALS')).toHaveLength(10);
    expect(burst.filter((code) => code === 'RATE_LIMITED')).toHaveLength(20);
    services.clock.advance(1_000);
    expect(await outcome(VICTIM, WRONG, ATTACKER)).toBe('INVALID_CREDENTIALS');
    expect(await retryAfter(VICTIM, PASSWORD, ATTACKER)).toBe(900);
    expect(await outcome(VICTIM, PASSWORD, HOME)).toBe('OK');
  });

  it('refuses an account that failed its budget from many addresses to every address that already failed on it', async () => {
    for (let i = 0; i < 100; i++) expect(await outcome(VICTIM, WRONG, `192.0.2.${String(i % 50)}`)).toBe('INVALID_CREDENTIALS');
    services.clock.advance(1_000);
    for (let i = 0; i < 50; i++) expect(await outcome(VICTIM, PASSWORD, `192.0.2.${String(i)}`)).toBe('RATE_LIMITED');
    expect(await retryAfter(VICTIM, WRONG, '192.0.2.0')).toBe(899);
    // A fresh address gets one guess, then joins the refused ones.
    expect(await outcome(VICTIM, WRONG, '192.0.2.200')).toBe('INVALID_CREDENTIALS');
    expect(await outcome(VICTIM, PASSWORD, '192.0.2.200')).toBe('RATE_LIMITED');
    // The owner's own address has no failure on the account, so the correct password works.
    expect(await outcome(VICTIM, PASSWORD, HOME)).toBe('OK');
    // The account's budget lasts a day; an address's failure on it lasts its pair's window.
    services.clock.advance(899_000);
    expect(await outcome(VICTIM, WRONG, '192.0.2.1')).toBe('INVALID_CREDENTIALS');
    expect(await retryAfter(VICTIM, PASSWORD, '192.0.2.1')).toBe(900);
    expect(await outcome(VICTIM, PASSWORD, '192.0.2.0')).toBe('OK');
    services.clock.advance(86_400_000 - 900_000);
    for (let i = 0; i < 10; i++) expect(await outcome(VICTIM, WRONG, '192.0.2.1')).toBe('INVALID_CREDENTIALS');
  });

  it('does not clear the account budget when the owner logs in', async () => {
    await fresh(withThrottle({ accountMaxFailures: 5 }));
    for (let i = 0; i < 5; i++) await attempt(VICTIM, WRONG, `192.0.2.${String(i)}`);
    expect(await outcome(VICTIM, PASSWORD, HOME)).toBe('OK');
    expect(await outcome(VICTIM, PASSWORD, '192.0.2.1')).toBe('RATE_LIMITED');
  });

  it('answers every refusal with one message that names no limit', async () => {
    await fresh(withThrottle({ maxFailures: 1, accountMaxFailures: 3, addressMaxFailures: 4 }));
    await attempt(VICTIM, WRONG, ATTACKER);
    const pair = (await attempt(VICTIM, WRONG, ATTACKER))._unsafeUnwrapErr().body;
    for (let i = 0; i < 3; i++) await attempt(`other${String(i)}@example.com`, WRONG, '192.0.2.1');
    services.clock.advance(2_000);
    await attempt(VICTIM, WRONG, '192.0.2.1');
    const address = (await attempt('new@example.com', WRONG, '192.0.2.1'))._unsafeUnwrapErr().body;
    await attempt(VICTIM, WRONG, '192.0.2.2');
    services.clock.advance(2_000);
    const account = (await attempt(VICTIM, WRONG, '192.0.2.2'))._unsafeUnwrapErr().body;
    const seconds = (text: string | null) => text?.replace(/\d+ seconds?/g, 'N seconds');
    const shape = (body: typeof pair) => ({ ...body, message: seconds(body.message), suggestion: seconds(body.suggestion) });
    expect([pair.error, address.error, account.error]).toEqual(['RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED']);
    expect(shape(address)).toEqual(shape(pair));
    expect(shape(account)).toEqual(shape(pair));
    expect(pair.message).toBe('Too many failed logins. Try again in 1 second.');
  });
});

describe('login throttle: state', () => {
  it('clears the pair on success, so the owner gets their free failures back', async () => {
    for (let i = 0; i < 10; i++) await attempt(VICTIM, WRONG, HOME);
    services.clock.advance(1_000);
    expect(await outcome(VICTIM, PASSWORD, HOME)).toBe('OK');
    for (let i = 0; i < 10; i++) expect(await outcome(VICTIM, WRONG, HOME)).toBe('INVALID_CREDENTIALS');
    expect(await outcome(VICTIM, PASSWORD, HOME)).toBe('RATE_LIMITED');
  });

  it('counts afresh once a window has ended', async () => {
    for (let i = 0; i < 10; i++) await attempt(VICTIM, WRONG, ATTACKER);
    services.clock.advance(900_000);
    for (let i = 0; i < 10; i++) expect(await outcome(VICTIM, WRONG, ATTACKER)).toBe('INVALID_CREDENTIALS');
  });

  it('keeps its state across a restart, which shares the store', async () => {
    for (let i = 0; i < 12; i++) await attempt(VICTIM, WRONG, ATTACKER);
    const restarted = createTestServices({ rateLimits: services.rateLimits, users: services.users, clock: services.clock });
    expect(await outcome(VICTIM, PASSWORD, ATTACKER, restarted)).toBe('RATE_LIMITED');
    expect(await outcome(VICTIM, PASSWORD, HOME, restarted)).toBe('OK');
  });

  it('treats callers without an address as one address', async () => {
    for (let i = 0; i < 10; i++) await attempt(VICTIM, WRONG, null);
    expect(await outcome(VICTIM, PASSWORD, null)).toBe('RATE_LIMITED');
    expect(await outcome(VICTIM, PASSWORD, HOME)).toBe('OK');
  });
});
