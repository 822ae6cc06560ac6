import { fc, test } from '@fast-check/vitest';
import { createTestServices, type TestServices } from '@condor/testkit';
import { expect } from 'vitest';
import type { LegalDocumentName } from '../legal/document-name.js';
import { execute } from '../operations/execute.js';

type Doc = 'eua' | 'risk-disclosure';
interface Model {
  read: Set<LegalDocumentName>;
  accepted: Set<Doc>;
}
interface Real {
  services: TestServices;
  token: string;
}

const call = (r: Real, tool: string, input: unknown = {}) =>
  execute(tool, input, { services: r.services, credential: r.token, requestId: 'onboarding-model', batchKey: null });

/** What the model says the next step is: read, then accept, the EUA; then the same for the risk disclosure. */
function expectedNext(m: Model): string | null {
  if (!m.accepted.has('eua')) return m.read.has('eua') ? 'accept_eua' : 'get_legal_document';
  if (!m.accepted.has('risk-disclosure')) return m.read.has('risk-disclosure') ? 'acknowledge_risk' : 'get_legal_document';
  return null;
}

class Read implements fc.AsyncCommand<Model, Real> {
  constructor(readonly doc: LegalDocumentName) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const result = await call(r, 'get_legal_document', { name: this.doc });
    expect(result.isOk()).toBe(true);
    m.read.add(this.doc);
  }
  toString = () => `read(${this.doc})`;
}

class Accept implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly doc: Doc,
    readonly tool: 'accept_eua' | 'acknowledge_risk',
    readonly soft: 'already_accepted' | 'already_acknowledged',
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const result = await call(r, this.tool);
    if (!m.read.has(this.doc)) {
      expect(result._unsafeUnwrapErr().body).toMatchObject({ error: 'DOCUMENT_NOT_READ', see_tool: 'get_legal_document' });
      return;
    }
    const value = result._unsafeUnwrap().value as Record<string, unknown>;
    expect(value.error).toBe(m.accepted.has(this.doc) ? this.soft : undefined);
    m.accepted.add(this.doc);
    expect(value.next_tool).toBe(expectedNext(m));
    expect(value.onboarding_complete).toBe(expectedNext(m) === null);
  }
  toString = () => this.tool;
}

class Trade implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const body = (await call(r, 'execute_iron_condor_autoroll'))._unsafeUnwrapErr().body;
    const next = expectedNext(m);
    if (next === null) expect(body.error).toBe('AUTOROLL_DISABLED');
    else expect(body).toMatchObject({ error: 'ONBOARDING_REQUIRED', see_tool: next });
  }
  toString = () => 'trade';
}

class Status implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const value = (await call(r, 'get_onboarding_status'))._unsafeUnwrap().value as { complete: boolean; next_tool: string | null };
    expect(value).toMatchObject({ complete: expectedNext(m) === null, next_tool: expectedNext(m) });
  }
  toString = () => 'status';
}

const commands = fc.commands(
  [
    fc.constantFrom<LegalDocumentName>('eua', 'risk-disclosure', 'broker-authorization').map((d) => new Read(d)),
    fc.constant(new Accept('eua', 'accept_eua', 'already_accepted')),
    fc.constant(new Accept('risk-disclosure', 'acknowledge_risk', 'already_acknowledged')),
    fc.constant(new Trade()),
    fc.constant(new Status()),
  ],
  { maxCommands: 30 },
);

test.prop([commands], { numRuns: 100 })('onboarding answers as the model says', async (cmds) => {
  const services = createTestServices();
  const ctx = { services, credential: null, requestId: 'setup', batchKey: null };
  await execute('register', { email: 'onboard@example.com', password: 'onboarding password' }, ctx);
  const login = await execute('login', { email: 'onboard@example.com', password: 'onboarding password' }, ctx);
  const token = (login._unsafeUnwrap().value as { access_token: string }).access_token;
  await fc.asyncModelRun(() => ({ model: { read: new Set<LegalDocumentName>(), accepted: new Set<Doc>() }, real: { services, token } }), cmds);
});
