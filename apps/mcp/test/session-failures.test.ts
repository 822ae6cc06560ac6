import { execute } from '@condor/core';
import { createTestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { McpSessionState, SessionCall } from '../src/session-state.js';
import { connect, expectToolError, expectToolOk, PASSWORD } from './support.js';

vi.mock('@condor/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@condor/core')>();
  return { ...core, execute: vi.fn(core.execute) };
});

/** Session state whose bookkeeping fails where told to, as a database that blinks would. */
function flakySession(fail: { begin?: boolean; end?: boolean; bind?: boolean }): McpSessionState {
  return {
    boundToken: () => Promise.resolve(null),
    end: () => Promise.resolve(),
    bind: () => (fail.bind === true ? Promise.reject(new Error('db blip on bind')) : Promise.resolve()),
    begin: (): Promise<SessionCall> =>
      fail.begin === true
        ? Promise.reject(new Error('db blip on begin'))
        : Promise.resolve({ batchKey: 'b1', end: () => (fail.end === true ? Promise.reject(new Error('db blip on end')) : Promise.resolve()) }),
  };
}

describe('an MCP call whose session bookkeeping fails', () => {
  beforeEach(() => {
    vi.mocked(execute).mockClear();
  });

  it('keeps the answer of a call that ran when ending it fails, and logs the failure', async () => {
    const services = createTestServices();
    const mcp = await connect(services, { session: flakySession({ end: true }) });
    const result = await mcp.call('register', { email: 'blip@example.com', password: PASSWORD });
    expect(expectToolOk(result)).toMatchObject({ email: 'blip@example.com' });
    expect(services.logger.lines.map((line) => line.event)).toContain('mcp_call_end_failed');
  });

  it('keeps a successful login’s answer when binding the session fails', async () => {
    const services = createTestServices();
    const mcp = await connect(services, { session: flakySession({ bind: true }) });
    await mcp.call('register', { email: 'bind@example.com', password: PASSWORD });
    expect(expectToolOk(await mcp.call('login', { email: 'bind@example.com', password: PASSWORD }))).toMatchObject({ access_token: expect.any(String) as unknown });
    expect(services.logger.lines.map((line) => line.event)).toContain('mcp_session_bind_failed');
  });

  it('does not run a call it could not place in its batch: INTERNAL_ERROR, nothing executed', async () => {
    const services = createTestServices();
    const mcp = await connect(services, { session: flakySession({ begin: true }) });
    const body = expectToolError(await mcp.call('register', { email: 'never@example.com', password: PASSWORD }), 'INTERNAL_ERROR');
    expect(JSON.stringify(body)).not.toContain('db blip');
    expect(execute).not.toHaveBeenCalled();
  });
});
