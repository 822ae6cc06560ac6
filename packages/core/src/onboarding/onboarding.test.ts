import { createTestServices, type TestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import { legalText } from '../legal/documents.js';
import { execute } from '../operations/execute.js';

let services: TestServices;
let token: string;
const call = (tool: string, input: unknown = {}) =>
  execute(tool, input, { services, credential: token, requestId: 'onboarding', batchKey: null });

beforeEach(async () => {
  services = createTestServices();
  const ctx = { services, credential: null, requestId: 'setup', batchKey: null };
  await execute('register', { email: 'docs@example.com', password: 'documents password' }, ctx);
  const login = await execute('login', { email: 'docs@example.com', password: 'documents password' }, ctx);
  token = (login._unsafeUnwrap().value as { access_token: string }).access_token;
});

describe('get_legal_document', () => {
  it.each(['eua', 'risk-disclosure', 'broker-authorization'] as const)('returns %s with its version and the SHA-256 of its text', async (name) => {
    const doc = (await call('get_legal_document', { name }))._unsafeUnwrap().value as Record<string, string>;
    expect(doc).toMatchObject({ name, title: legalText(name).title, version: legalText(name).version });
    expect(doc.sha256).toBe(services.digest.sha256(doc.text ?? ''));
    expect((doc.text ?? '').split(/\s+/).length).toBeGreaterThan(600);
  });

  it('records that the caller read that version', async () => {
    const { version } = legalText('eua');
    const user = (await services.users.findByEmail('docs@example.com'))!;
    expect(await services.onboarding.hasRead(user.id, 'eua', version)).toBe(false);
    await call('get_legal_document', { name: 'eua' });
    expect(await services.onboarding.hasRead(user.id, 'eua', version)).toBe(true);
    expect(await services.onboarding.hasRead(user.id, 'risk-disclosure', legalText('risk-disclosure').version)).toBe(false);
    const status = (await call('get_onboarding_status'))._unsafeUnwrap().value as { steps: { document: string; read: boolean }[] };
    expect(status.steps.find((s) => s.document === 'eua')?.read).toBe(true);
  });

  it('answers INVALID_DOCUMENT for an unknown name, listing the valid ones', async () => {
    const body = (await call('get_legal_document', { name: 'privacy' }))._unsafeUnwrapErr().body;
    expect(body).toMatchObject({ error: 'INVALID_DOCUMENT', received: { name: 'privacy' } });
    expect(body.suggestion).toContain('eua, risk-disclosure, broker-authorization');
  });
});

describe('a new version of a document', () => {
  it('must be accepted again: an acceptance of an older version does not count', async () => {
    const user = (await services.users.findByEmail('docs@example.com'))!;
    const old = { userId: user.id, at: services.clock.now() };
    await services.onboarding.recordRead({ ...old, document: 'eua', version: '2020-01-01' });
    await services.onboarding.recordAcceptance({ ...old, document: 'eua', version: '2020-01-01' });
    await services.onboarding.recordRead({ ...old, document: 'risk-disclosure', version: legalText('risk-disclosure').version });
    await services.onboarding.recordAcceptance({ ...old, document: 'risk-disclosure', version: legalText('risk-disclosure').version });

    const status = (await call('get_onboarding_status'))._unsafeUnwrap().value as { complete: boolean; next_tool: string };
    expect(status).toMatchObject({ complete: false, next_tool: 'get_legal_document' });
    expect((await call('execute_iron_condor_autoroll'))._unsafeUnwrapErr().body).toMatchObject({
      error: 'ONBOARDING_REQUIRED',
      see_tool: 'get_legal_document',
    });
    expect((await call('accept_eua'))._unsafeUnwrapErr().body.error).toBe('DOCUMENT_NOT_READ');
    await call('get_legal_document', { name: 'eua' });
    const accepted = (await call('accept_eua'))._unsafeUnwrap().value as Record<string, unknown>;
    expect(accepted).toMatchObject({ version: legalText('eua').version, onboarding_complete: true, next_tool: null });
    expect(accepted.error).toBeUndefined();
  });
});
