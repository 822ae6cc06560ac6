import { fc, test } from '@fast-check/vitest';
import { AdvanceClock, createTestServices, type TestServices } from '@condor/testkit';
import { expect } from 'vitest';
import { execute } from '../operations/execute.js';
import { authenticate } from './authenticate.js';

/** The model: what should be true of sessions, refresh tokens and access tokens, in plain data. */
interface Model {
  now: number;
  revoked: Set<string>;
  refresh: { token: string; family: string; used: boolean; expiresAt: number }[];
  access: { token: string; family: string; expiresAt: number }[];
}
interface Real {
  services: TestServices;
}
interface Issued {
  access_token: string;
  refresh_token: string;
}

const EMAIL = 'model@example.com';
const PASSWORD = 'model password 123';
const call = (real: Real, tool: string, input: unknown, credential: string | null = null) =>
  execute(tool, input, { services: real.services, credential, requestId: 'model', batchKey: null });

const remember = (m: Model, issued: Issued, family: string): void => {
  m.refresh.push({ token: issued.refresh_token, family, used: false, expiresAt: m.now + 30 * 86_400_000 });
  m.access.push({ token: issued.access_token, family, expiresAt: (Math.floor(m.now / 1000) + 900) * 1000 });
};
const accessValid = (m: Model, a: Model['access'][number]): boolean => !m.revoked.has(a.family) && m.now < a.expiresAt;

class Login implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const result = (await call(r, 'login', { email: EMAIL, password: PASSWORD }))._unsafeUnwrap();
    const caller = (await authenticate((result.value as Issued).access_token, r.services))._unsafeUnwrap();
    remember(m, result.value as Issued, caller.sessionId);
  }
  toString = () => 'login';
}

class Refresh implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.refresh.length > 0;
  async run(m: Model, r: Real) {
    const token = m.refresh[this.pick % m.refresh.length]!;
    const result = await call(r, 'refresh_session', { refresh_token: token.token });
    let admitted = false;
    if (m.revoked.has(token.family)) admitted = false;
    else if (token.used) m.revoked.add(token.family);
    else if (m.now >= token.expiresAt) admitted = false;
    else admitted = true;
    expect(result.isOk()).toBe(admitted);
    if (result.isErr()) expect(result.error.body.error).toBe('SESSION_INVALID');
    if (admitted) {
      token.used = true;
      remember(m, result._unsafeUnwrap().value as Issued, token.family);
    }
  }
  toString = () => `refresh(${String(this.pick)})`;
}

class UseAccess implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.access.length > 0;
  async run(m: Model, r: Real) {
    const token = m.access[this.pick % m.access.length]!;
    const result = await authenticate(token.token, r.services);
    expect(result.isOk()).toBe(accessValid(m, token));
    if (result.isErr()) expect(result.error.code).toBe('SESSION_INVALID');
  }
  toString = () => `use(${String(this.pick)})`;
}

class Logout implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.access.length > 0;
  async run(m: Model, r: Real) {
    const token = m.access[this.pick % m.access.length]!;
    const result = await call(r, 'logout', {}, token.token);
    expect(result.isOk()).toBe(accessValid(m, token));
    if (result.isOk()) m.revoked.add(token.family);
  }
  toString = () => `logout(${String(this.pick)})`;
}


const commands = fc.commands(
  [
    fc.constant(new Login()),
    fc.nat(20).map((i) => new Refresh(i)),
    fc.nat(20).map((i) => new UseAccess(i)),
    fc.nat(20).map((i) => new Logout(i)),
    fc.constantFrom(1, 1_000, 899_000, 900_000, 29 * 86_400_000).map((ms) => new AdvanceClock<Model, Real>(ms)),
  ],
  { maxCommands: 40 },
);

test.prop([commands], { numRuns: 150 })('sessions, refresh rotation and logout match the model', async (cmds) => {
  const services = createTestServices();
  await execute('register', { email: EMAIL, password: PASSWORD }, { services, credential: null, requestId: 'm', batchKey: null });
  await fc.asyncModelRun(
    () => ({ model: { now: services.clock.now(), revoked: new Set<string>(), refresh: [], access: [] }, real: { services } }),
    cmds,
  );
});
