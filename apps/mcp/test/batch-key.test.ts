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

  it('makes each call its own batch by default, under its own request id', async () => {
    const mcp = await connect(createTestServices());
    await mcp.call('logout');
    await mcp.call('logout');

    const [first, second] = contexts();
    expect(first?.batchKey).toEqual(expect.any(String));
    expect(second?.batchKey).toEqual(expect.any(String));
    expect(second?.batchKey).not.toBe(first?.batchKey);
    expect(second?.requestId).not.toBe(first?.requestId);
  });

  it('uses the batch a client names in _meta', async () => {
    const mcp = await connect(createTestServices(), { batchKey: () => null });
    await mcp.call('logout', {}, { batch: 'review-1' });
    await mcp.call('logout', {}, { batch: 'review-1' });

    expect(contexts().map((ctx) => ctx.batchKey)).toEqual(['review-1', 'review-1']);
  });

  it('asks the configured fallback otherwise (stdio: no batch)', async () => {
    const mcp = await connect(createTestServices(), { batchKey: () => null });
    await mcp.call('logout');

    expect(contexts().map((ctx) => ctx.batchKey)).toEqual([null]);
  });
});
