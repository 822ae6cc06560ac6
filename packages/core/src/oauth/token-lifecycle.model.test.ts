import { fc, test } from '@fast-check/vitest';
import { AdvanceClock, authorizationParams, DOCUMENT_CLIENT_ID, DOCUMENT_REDIRECT, OAUTH_PERSON, oauthTestServices, pkcePair, type TestServices } from '@condor/testkit';
import { expect } from 'vitest';
import { authenticate } from '../accounts/authenticate.js';
import { approveAuthorization } from './authorization-decision.js';
import { checkAuthorizationRequest } from './authorization-request.js';
import { listConnectedClients, revokeConnectedClient } from './connected-clients.js';
import { exchangeCode } from './exchange-code.js';
import { refreshGrant } from './refresh-grant.js';

/** The model: codes, grants (session families), refresh and access tokens, and what should hold of each. */
interface Model {
  now: number;
  revoked: Set<string>;
  granted: string[];
  codes: { code: string; verifier: string; family: string; used: boolean; expiresAt: number }[];
  refresh: { token: string; family: string; used: boolean; expiresAt: number }[];
  access: { token: string; family: string; expiresAt: number }[];
}
interface Real {
  services: TestServices;
}

const CODE_TTL = 120_000;
const remember = (m: Model, issued: { access_token: string; refresh_token: string }, family: string): void => {
  m.refresh.push({ token: issued.refresh_token, family, used: false, expiresAt: m.now + 30 * 86_400_000 });
  m.access.push({ token: issued.access_token, family, expiresAt: (Math.floor(m.now / 1000) + 900) * 1000 });
};

class Authorize implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const { verifier, challenge } = pkcePair();
    const request = (await checkAuthorizationRequest(authorizationParams(challenge), r.services))._unsafeUnwrap();
    const location = new URL((await approveAuthorization(request, OAUTH_PERSON.id, r.services))._unsafeUnwrap());
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.get('iss')).toBe('https://condor.example');
    const code = location.searchParams.get('code')!;
    const record = (await r.services.oauth.codes.find(r.services.digest.sha256(code)))!;
    m.codes.push({ code, verifier, family: record.familyId, used: false, expiresAt: m.now + CODE_TTL });
  }
  toString = () => 'authorize';
}

type Flaw = 'none' | 'verifier' | 'redirect' | 'client' | 'resource';

class Exchange implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number, readonly flaw: Flaw) {}
  check = (m: Readonly<Model>) => m.codes.length > 0;
  async run(m: Model, r: Real) {
    const code = m.codes[this.pick % m.codes.length]!;
    const result = await exchangeCode(
      {
        code: code.code,
        codeVerifier: this.flaw === 'verifier' ? pkcePair().verifier : code.verifier,
        clientId: this.flaw === 'client' ? 'https://other.example/client.json' : DOCUMENT_CLIENT_ID,
        redirectUri: this.flaw === 'redirect' ? 'http://127.0.0.1:9/callback' : DOCUMENT_REDIRECT,
        resource: this.flaw === 'resource' ? 'https://elsewhere.example/mcp' : 'https://condor.example/mcp',
      },
      r.services,
    );
    if (code.used) {
      m.revoked.add(code.family);
      expect(result._unsafeUnwrapErr().error).toBe('invalid_grant');
    } else if (m.now >= code.expiresAt) {
      expect(result._unsafeUnwrapErr().error).toBe('invalid_grant');
    } else if (this.flaw !== 'none') {
      expect(result._unsafeUnwrapErr().error).toBe(this.flaw === 'resource' ? 'invalid_target' : 'invalid_grant');
    } else {
      const issued = result._unsafeUnwrap();
      expect(issued).toMatchObject({ token_type: 'Bearer', expires_in: 900, scope: 'read propose' });
      code.used = true;
      m.granted.push(code.family);
      remember(m, issued, code.family);
    }
  }
  toString = () => `exchange(${String(this.pick)}, ${this.flaw})`;
}

class Refresh implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number, readonly otherClient: boolean) {}
  check = (m: Readonly<Model>) => m.refresh.length > 0;
  async run(m: Model, r: Real) {
    const token = m.refresh[this.pick % m.refresh.length]!;
    const clientId = this.otherClient ? 'https://other.example/client.json' : DOCUMENT_CLIENT_ID;
    const result = await refreshGrant({ refreshToken: token.token, clientId, scope: null, resource: null }, r.services);
    let admitted = false;
    if (this.otherClient || m.revoked.has(token.family)) admitted = false;
    else if (token.used) m.revoked.add(token.family);
    else admitted = m.now < token.expiresAt;
    expect(result.isOk()).toBe(admitted);
    if (result.isErr()) expect(result.error.error).toBe('invalid_grant');
    if (admitted) {
      token.used = true;
      remember(m, result._unsafeUnwrap(), token.family);
    }
  }
  toString = () => `refresh(${String(this.pick)}${this.otherClient ? ', other client' : ''})`;
}

class UseAccess implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.access.length > 0;
  async run(m: Model, r: Real) {
    const token = m.access[this.pick % m.access.length]!;
    const result = await authenticate(token.token, r.services);
    expect(result.isOk()).toBe(!m.revoked.has(token.family) && m.now < token.expiresAt);
    if (result.isOk()) expect(result.value.sessionId).toBe(token.family);
  }
  toString = () => `use(${String(this.pick)})`;
}

class Disconnect implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.granted.length > 0;
  async run(m: Model, r: Real) {
    const family = m.granted[this.pick % m.granted.length]!;
    expect((await revokeConnectedClient(OAUTH_PERSON.id, family, r.services)).isOk()).toBe(true);
    m.revoked.add(family);
  }
  toString = () => `disconnect(${String(this.pick)})`;
}

class ListConnections implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const listed = (await listConnectedClients(OAUTH_PERSON.id, r.services))._unsafeUnwrap();
    expect(listed.map((c) => c.connection_id).sort()).toEqual(m.granted.filter((f) => !m.revoked.has(f)).sort());
  }
  toString = () => 'list';
}

const commands = fc.commands(
  [
    fc.constant(new Authorize()),
    fc.tuple(fc.nat(20), fc.constantFrom<Flaw>('none', 'none', 'none', 'verifier', 'redirect', 'client', 'resource')).map(([i, f]) => new Exchange(i, f)),
    fc.tuple(fc.nat(20), fc.boolean()).map(([i, other]) => new Refresh(i, other)),
    fc.nat(20).map((i) => new UseAccess(i)),
    fc.nat(20).map((i) => new Disconnect(i)),
    fc.constant(new ListConnections()),
    fc.constantFrom(1, 60_000, 119_999, 120_000, 899_000, 900_000, 29 * 86_400_000).map((ms) => new AdvanceClock<Model, Real>(ms)),
  ],
  { maxCommands: 60, size: 'large' },
);

test.prop([commands], { numRuns: 120 })('authorization codes, OAuth refresh rotation, reuse and disconnection match the model', async (cmds) => {
  const services = await oauthTestServices();
  await fc.asyncModelRun(
    () => ({ model: { now: services.clock.now(), revoked: new Set<string>(), granted: [], codes: [], refresh: [], access: [] }, real: { services } }),
    cmds,
  );
});
