import { execute } from '@condor/core';
import { createTestServices, MemoryCallBatchStore, type TestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { connectHttp, connectStdioLike, ERAS, expectToolOk, httpHandlerFor, PASSWORD, type Connected } from './support.js';

vi.mock('@condor/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@condor/core')>();
  return { ...core, execute: vi.fn(core.execute) };
});

const batchKeys = (): (string | null)[] =>
  vi.mocked(execute).mock.calls.filter(([tool]) => tool === 'get_onboarding_status').map(([, , ctx]) => ctx.batchKey);

/** A user's access token, got on a connection (the one place login binds). */
async function tokenFor(services: TestServices, email: string): Promise<string> {
  const via = await connectStdioLike(services);
  expectToolOk(await via.call('register', { email, password: PASSWORD }));
  return expectToolOk(await via.call('login', { email, password: PASSWORD })).access_token as string;
}

describe.each(ERAS)('the batch rule per principal over HTTP, %s era (design §5)', (era) => {
  let services: TestServices;
  /** Two instances of the service behind a load balancer: two handlers over one shared batch store. */
  let one: Connected;
  let two: Connected;
  let token: string;

  beforeEach(async () => {
    services = createTestServices();
    const store = new MemoryCallBatchStore();
    token = await tokenFor(services, 'ann@example.com');
    one = await connectHttp(httpHandlerFor(services, { batches: store }), era);
    two = await connectHttp(httpHandlerFor(services, { batches: store }), era);
    one.bearer = token;
    two.bearer = token;
    vi.mocked(execute).mockClear();
  });

  it('puts a call within 1 s of the principal’s previous response in its batch, on either instance', async () => {
    await one.call('get_onboarding_status');
    services.clock.advance(999);
    await two.call('get_onboarding_status');
    services.clock.advance(1_000);
    await one.call('get_onboarding_status');

    const [first, second, third] = batchKeys();
    expect(first).toEqual(expect.any(String));
    expect(second).toBe(first);
    expect(third).not.toBe(first);
  });

  it('puts the principal’s calls that overlap in flight on both instances in one batch', async () => {
    services.clock.advance(5_000);
    await Promise.all([one.call('get_onboarding_status'), two.call('get_onboarding_status'), one.call('get_onboarding_status')]);
    expect(new Set(batchKeys()).size).toBe(1);
  });

  it('never puts two principals in one batch, even in flight together', async () => {
    const bob = await connectHttp(httpHandlerFor(services), era);
    bob.bearer = await tokenFor(services, 'bob@example.com');
    vi.mocked(execute).mockClear();
    await Promise.all([one.call('get_onboarding_status'), bob.call('get_onboarding_status')]);
    expect(new Set(batchKeys()).size).toBe(2);
  });

  it('uses the batch a client names in _meta for a call that starts one', async () => {
    await one.call('get_onboarding_status', {}, { batch: 'review-1' });
    services.clock.advance(2_000);
    await two.call('get_onboarding_status', {}, { batch: 'review-2' });
    services.clock.advance(2_000);
    await one.call('get_onboarding_status', {}, { batch: 'review-1' });
    expect(batchKeys()).toEqual(['review-1', 'review-2', 'review-1']);
  });

  it('gives calls that authenticate no one a batch of their own', async () => {
    one.bearer = null;
    await one.call('get_onboarding_status');
    await one.call('get_onboarding_status');
    const [first, second] = batchKeys();
    expect(second).not.toBe(first);
  });
});
