import { fc, test } from '@fast-check/vitest';
import { createTestServices, fakeAssertion, FakeBrokers, fakeRegistration, type TestServices } from '@condor/testkit';
import { expect } from 'vitest';
import { FRESH_LOGIN_MS } from '../passkeys/fresh-password.js';
import { removePasskey } from '../passkeys/manage-passkeys.js';
import { setPaperPasskeyApprovals } from '../passkeys/paper-setting.js';
import { finishPasskeyRegistration, startAddingPasskey } from '../passkeys/register-passkey.js';
import type { BrowserCaller } from '../browser/browser-session.js';
import { mintLink } from '../browser/links.js';
import { browserLogin, CONDOR_OPEN_LEGS, entryProposal, onboardedUser } from './approval-fixture.js';
import { startPasskeyApproval } from './approval-page.js';
import { approveByLink } from '../placement/approve-by-link.js';

/**
 * The rules of issue 29 as one model: passkeys added (password typed again, person verified) and removed (the last
 * only with the password from a fresh login), the paper setting (on only with a passkey, off only with the password
 * from a fresh login), and approvals — a live order, or a paper one with the setting on, only with a fresh verified
 * assertion made for that very proposal and used once; otherwise the password session's Approve.
 */

const EMAIL = 'passkey.model@example.com';
const PASSWORD = 'passkey model password 1';

type Password = 'none' | 'right' | 'wrong';
type Answer = 'password only' | 'passkey' | 'unverified' | 'another proposal' | 'replayed';

interface Model {
  now: number;
  loggedInAt: number;
  passkeys: string[];
  added: number;
  paperOn: boolean;
  live: boolean;
  placed: number;
}

interface Real {
  readonly services: TestServices;
  readonly brokers: FakeBrokers;
  readonly userId: string;
  browser: BrowserCaller;
  proposals: number;
}

const passwordOf = (given: Password): string | null => (given === 'none' ? null : given === 'right' ? PASSWORD : 'not the password');
const stale = (m: Model): boolean => m.now - m.loggedInAt > FRESH_LOGIN_MS;
const outcome = (result: { isOk: () => boolean; _unsafeUnwrapErr: () => unknown }): string => (result.isOk() ? 'ok' : String(result._unsafeUnwrapErr()));

class Add implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly password: Password,
    readonly verified: boolean,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const id = `cred-${String(m.added + 1)}`;
    const started = await startAddingPasskey(r.services, { userId: r.userId, email: EMAIL, password: passwordOf(this.password) });
    const answer = started.isErr()
      ? started.error
      : outcome(await finishPasskeyRegistration(r.services, { userId: r.userId, challenge: started.value.challenge, response: fakeRegistration(started.value.challenge, id, { userVerified: this.verified }), name: id }));
    const expected = this.password === 'none' ? 'password_needed' : this.password === 'wrong' ? 'password_wrong' : this.verified ? 'ok' : 'user_not_verified';
    expect(answer).toBe(expected);
    if (expected === 'ok') {
      m.added += 1;
      m.passkeys.push(id);
    }
    expect((await r.services.passkeys.list(r.userId)).map((p) => p.id)).toEqual(m.passkeys);
  }
  toString = () => `add(password ${this.password}, ${this.verified ? 'verified' : 'unverified'})`;
}

class Remove implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly password: Password,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const id = m.passkeys.length === 0 ? 'cred-unknown' : m.passkeys[this.pick % m.passkeys.length]!;
    const answer = outcome(await removePasskey(r.services, { userId: r.userId, sessionDigest: r.browser.sessionDigest, id, password: passwordOf(this.password) }));
    let expected = 'ok';
    if (this.password === 'wrong') expected = 'password_wrong';
    else if (this.password === 'right' && stale(m)) expected = 'login_not_fresh';
    else if (!m.passkeys.includes(id)) expected = 'passkey_not_found';
    else if (this.password === 'none' && m.passkeys.length === 1) expected = 'password_needed';
    expect(answer).toBe(expected);
    if (expected === 'ok') m.passkeys = m.passkeys.filter((p) => p !== id);
  }
  toString = () => `remove(#${String(this.pick)}, password ${this.password})`;
}

class SetPaper implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly on: boolean,
    readonly password: Password,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const answer = outcome(await setPaperPasskeyApprovals(r.services, { userId: r.userId, sessionDigest: r.browser.sessionDigest, on: this.on, password: passwordOf(this.password) }));
    let expected = 'ok';
    if (this.on) expected = m.passkeys.length === 0 ? 'no_passkey' : 'ok';
    else if (this.password === 'none') expected = 'password_needed';
    else if (this.password === 'wrong') expected = 'password_wrong';
    else if (stale(m)) expected = 'login_not_fresh';
    expect(answer).toBe(expected);
    if (expected === 'ok') m.paperOn = this.on;
    expect(await r.services.userSettings.paperPasskeyApprovals(r.userId)).toBe(m.paperOn);
  }
  toString = () => `paper setting ${this.on ? 'on' : 'off'} (password ${this.password})`;
}

class SwitchAccount implements fc.AsyncCommand<Model, Real> {
  constructor(readonly live: boolean) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const link = (await r.services.brokerLinks.get(r.userId))!;
    await r.services.brokerLinks.put({ ...link, environment: this.live ? 'live' : 'paper' });
    m.live = this.live;
  }
  toString = () => `account ${this.live ? 'live' : 'paper'}`;
}

/** A fresh proposal past its 5-second floor, opening contracts of its own, and its approval link. */
async function proposal(r: Real): Promise<{ id: string; link: string }> {
  r.proposals += 1;
  const n = r.proposals;
  const id = r.services.ids.uuid();
  const now = r.services.clock.now();
  const legs = CONDOR_OPEN_LEGS.map((leg) => ({ ...leg, symbol: `${leg.symbol.slice(0, -8)}${String(Number(leg.symbol.slice(-8)) + n * 1000).padStart(8, '0')}` }));
  await r.services.proposals.insert(entryProposal({ id, ownerId: r.userId, createdAt: now - 6_000, batchKey: 'agent', legs }));
  return { id, link: await mintLink(r.services, 'approve_proposal', r.userId, id, now + 54_000) };
}

class Approve implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly answer: Answer,
    readonly pick: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const target = await proposal(r);
    const evidence = { client: 'model-browser', address: null };
    const code = (placed: { isOk: () => boolean; _unsafeUnwrapErr: () => { code: string } }) => (placed.isOk() ? 'placed' : placed._unsafeUnwrapErr().code);
    const credential = m.passkeys.length === 0 ? 'cred-unknown' : m.passkeys[this.pick % m.passkeys.length]!;
    const required = m.live || m.paperOn;
    if (this.answer === 'password only') {
      const expected = required ? 'CONFIRM_BLOCKED' : 'placed';
      expect(code(await approveByLink(r.services, r.browser, target.link, evidence))).toBe(expected);
      if (expected === 'placed') await this.placedBy(m, r, target.id, 'page', null);
      return;
    }
    const optionsFor = this.answer === 'another proposal' ? (await proposal(r)).link : target.link;
    const options = await startPasskeyApproval(r.services, r.browser, optionsFor);
    if (m.passkeys.length === 0) {
      expect(options._unsafeUnwrapErr().code).toBe('CONFIRM_BLOCKED');
      return;
    }
    const { challenge } = options._unsafeUnwrap();
    const answer = { challenge, response: fakeAssertion(challenge, credential, { userVerified: this.answer !== 'unverified' }) };
    const first = code(await approveByLink(r.services, r.browser, target.link, evidence, answer));
    const good = this.answer === 'passkey' || this.answer === 'replayed';
    expect(first).toBe(good ? 'placed' : 'CONFIRM_BLOCKED');
    if (good) await this.placedBy(m, r, target.id, 'passkey', credential);
    if (this.answer === 'replayed') {
      const again = await proposal(r);
      expect(code(await approveByLink(r.services, r.browser, again.link, evidence, answer))).toBe('CONFIRM_BLOCKED');
    }
    expect(r.brokers.submitCount(r.userId)).toBe(m.placed);
  }

  private async placedBy(m: Model, r: Real, id: string, method: string, credentialId: string | null): Promise<void> {
    m.placed += 1;
    const approval = (await r.services.proposals.get(r.userId, id))?.approval;
    expect([approval?.method, approval?.credentialId ?? null]).toEqual([method, credentialId]);
    expect(r.brokers.submitCount(r.userId)).toBe(m.placed);
  }
  toString = () => `approve(${this.answer}, #${String(this.pick)})`;
}

class LogInAgain implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    r.browser = await browserLogin(r.services, EMAIL, PASSWORD);
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

const passwords = fc.constantFrom<Password>('none', 'right', 'right', 'wrong');
const commands = [
  fc.tuple(passwords, fc.boolean()).map(([password, verified]) => new Add(password, verified)),
  fc.tuple(fc.nat(), passwords).map(([pick, password]) => new Remove(pick, password)),
  fc.tuple(fc.boolean(), passwords).map(([on, password]) => new SetPaper(on, password)),
  fc.boolean().map((live) => new SwitchAccount(live)),
  fc.tuple(fc.constantFrom<Answer>('password only', 'passkey', 'passkey', 'unverified', 'another proposal', 'replayed'), fc.nat()).map(([answer, pick]) => new Approve(answer, pick)),
  fc.constant(new LogInAgain()),
  fc.integer({ min: 1, max: 8 }).map((minutes) => new Wait(minutes)),
];

test.prop([fc.commands(commands, { maxCommands: 40 })], { numRuns: 100 })('passkeys, the paper setting and approvals follow the model', async (cmds) => {
  const brokers = new FakeBrokers();
  const services = createTestServices({ brokers });
  const { userId } = await onboardedUser(services, EMAIL, PASSWORD);
  const real: Real = { services, brokers, userId, browser: await browserLogin(services, EMAIL, PASSWORD), proposals: 0 };
  const model: Model = { now: services.clock.now(), loggedInAt: services.clock.now(), passkeys: [], added: 0, paperOn: false, live: false, placed: 0 };
  await fc.asyncModelRun(() => ({ model, real }), cmds);
});
