import { fc, test } from '@fast-check/vitest';
import { createTestServices, fakeRegistration, type TestServices } from '@condor/testkit';
import { expect } from 'vitest';
import { FRESH_LOGIN_MS } from './fresh-password.js';
import { listPasskeys, removePasskey } from './manage-passkeys.js';
import { finishPasskeyRegistration, startPasskeyRegistration } from './register-passkey.js';

const USER = { userId: '00000000-0000-4000-8000-0000000000a1', email: 'model@example.com' };
const PASSWORD = 'model password 123';

/** The model: the person's passkeys in the order added, and when their current browser session logged in. */
interface Model {
  now: number;
  passkeys: string[];
  loggedInAt: number;
  added: number;
}
interface Real {
  services: TestServices;
  session: string;
}

class Register implements fc.AsyncCommand<Model, Real> {
  constructor(readonly userVerified: boolean) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const { challenge } = await startPasskeyRegistration(r.services, USER);
    const id = `cred-${String(m.added + 1)}`;
    const result = await finishPasskeyRegistration(r.services, { userId: USER.userId, challenge, response: fakeRegistration(challenge, id, { userVerified: this.userVerified }), name: id });
    if (this.userVerified) {
      expect(result.isOk()).toBe(true);
      m.added += 1;
      m.passkeys.push(id);
    } else expect(result._unsafeUnwrapErr()).toBe('user_not_verified');
    expect((await listPasskeys(r.services, USER.userId)).map((p) => p.id)).toEqual(m.passkeys);
  }
  toString = () => `register(${this.userVerified ? 'verified' : 'unverified'})`;
}

type PasswordGiven = 'none' | 'right' | 'wrong';

class Remove implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly password: PasswordGiven,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const id = m.passkeys.length === 0 || this.pick < 0 ? 'cred-unknown' : m.passkeys[this.pick % m.passkeys.length]!;
    const password = this.password === 'none' ? null : this.password === 'right' ? PASSWORD : 'not the password';
    const result = await removePasskey(r.services, { userId: USER.userId, sessionDigest: r.session, id, password });
    const expected = expectedRemoval(m, id, this.password);
    if (expected === 'removed') {
      expect(result.isOk()).toBe(true);
      m.passkeys = m.passkeys.filter((p) => p !== id);
    } else expect(result._unsafeUnwrapErr()).toBe(expected);
    expect((await listPasskeys(r.services, USER.userId)).map((p) => p.id)).toEqual(m.passkeys);
  }
  toString = () => `remove(${String(this.pick)}, password ${this.password})`;
}

function expectedRemoval(m: Model, id: string, password: PasswordGiven): string {
  if (password === 'wrong') return 'password_wrong';
  if (password === 'right' && m.now - m.loggedInAt > FRESH_LOGIN_MS) return 'login_not_fresh';
  if (!m.passkeys.includes(id)) return 'passkey_not_found';
  if (password === 'none' && m.passkeys.length === 1) return 'password_needed';
  return 'removed';
}

class LogInAgain implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    r.session = await logIn(r.services);
    m.loggedInAt = m.now;
  }
  toString = () => 'log in again';
}

class Wait implements fc.AsyncCommand<Model, Real> {
  constructor(readonly minutes: number) {}
  check = () => true;
  run(m: Model, r: Real) {
    r.services.clock.advance(this.minutes * 60_000);
    m.now += this.minutes * 60_000;
    return Promise.resolve();
  }
  toString = () => `wait ${String(this.minutes)} min`;
}

let sessions = 0;
async function logIn(services: TestServices): Promise<string> {
  sessions += 1;
  const digest = `session-${String(sessions)}`;
  const now = services.clock.now();
  await services.browserSessions.insert({ digest, userId: USER.userId, createdAt: now, expiresAt: now + 86_400_000, revokedAt: null, userAgent: null });
  return digest;
}

const commands = [
  fc.boolean().map((verified) => new Register(verified)),
  fc.tuple(fc.integer({ min: -1, max: 5 }), fc.constantFrom<PasswordGiven>('none', 'right', 'wrong')).map(([pick, password]) => new Remove(pick, password)),
  fc.constant(new LogInAgain()),
  fc.integer({ min: 1, max: 8 }).map((minutes) => new Wait(minutes)),
];

test.prop([fc.commands(commands, { maxCommands: 40 })], { numRuns: 150 })('passkey registration and removal follow the model', async (cmds) => {
  const services = createTestServices();
  await services.users.insert({ id: USER.userId, email: USER.email, passwordHash: await services.passwords.hash(PASSWORD), createdAt: services.clock.now() });
  const real: Real = { services, session: await logIn(services) };
  const model: Model = { now: services.clock.now(), passkeys: [], loggedInAt: services.clock.now(), added: 0 };
  await fc.asyncModelRun(() => ({ model, real }), cmds);
});
