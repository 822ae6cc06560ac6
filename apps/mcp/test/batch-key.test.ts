import { execute } from '@condor/core';
import { createTestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { connect } from './support.js';

vi.mock('@condor/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@condor/core')>();
  return { ...core, execute: vi.fn(core.execute) };
});

const contexts = () => vi.mocked(execute).mock.calls.map(([, , ctx]) => ctx);

describe('the call context of an in-process session', () => {
  beforeEach(() => {
    vi.mocked(execute).mockClear();
  });

  it('gives calls more than the window apart their own batches, under their own request ids', async () => {
    const services = createTestServices();
    const mcp = await connect(services);
    await mcp.call('logout');
    services.clock.advance(1_000);
    await mcp.call('logout');

    const [first, second] = contexts();
    expect(first?.batchKey).toEqual(expect.any(String));
    expect(second?.batchKey).toEqual(expect.any(String));
    expect(second?.batchKey).not.toBe(first?.batchKey);
    expect(second?.requestId).not.toBe(first?.requestId);
  });

  it('puts a call within 1 s of the previous response in that call’s batch (design §5)', async () => {
    const services = createTestServices();
    const mcp = await connect(services);
    await mcp.call('logout');
    services.clock.advance(999);
    await mcp.call('logout');
    services.clock.advance(1_000);
    await mcp.call('logout');

    const [first, second, third] = contexts().map((ctx) => ctx.batchKey);
    expect(second).toBe(first);
    expect(third).not.toBe(first);
  });

  it('puts calls that overlap in flight in one batch', async () => {
    const services = createTestServices();
    const mcp = await connect(services);
    services.clock.advance(5_000);
    await Promise.all([mcp.call('logout'), mcp.call('logout'), mcp.call('logout')]);

    expect(new Set(contexts().map((ctx) => ctx.batchKey)).size).toBe(1);
  });

  it('uses the batch a client names in _meta for a call that starts a batch', async () => {
    const services = createTestServices();
    const mcp = await connect(services);
    await mcp.call('logout', {}, { batch: 'review-1' });
    services.clock.advance(2_000);
    await mcp.call('logout', {}, { batch: 'review-2' });

    expect(contexts().map((ctx) => ctx.batchKey)).toEqual(['review-1', 'review-2']);
  });
});
