import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it } from 'vitest';
import { expectToolError, expectToolOk, newClient, PASSWORD } from './support.js';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'condor-stdio-key-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** Shared by every process: the clock of each starts at `start` (minutes after 15:00Z), anchored at the same real instant. */
const ANCHOR = new Date().toISOString();
const at = (minutes: number): string => new Date(Date.UTC(2026, 1, 10, 15, minutes)).toISOString();

/** The real stdio server on the shared data folder, its clock at `start`, with `env` (CONDOR_API_KEY, CONDOR_MCP_TOKEN). */
async function stdio(start: string, env: Record<string, string> = {}) {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--conditions=@condor/source', '--import', 'tsx', 'apps/mcp/src/stdio.ts'],
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      CONDOR_DATA_DIR: dataDir,
      CONDOR_ACCESS_TOKEN_TTL_SECONDS: '60',
      CONDOR_SIM_START: start,
      CONDOR_SIM_ANCHOR: ANCHOR,
      ...env,
    },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = newClient('legacy');
  await client.connect(transport);
  const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });
  return { call, close: () => client.close(), stderr: () => stderr };
}

describe('stdio configured with CONDOR_API_KEY', () => {
  it('still works after the access-token lifetime has passed, where CONDOR_MCP_TOKEN has stopped; the key is in no log line', async () => {
    const first = await stdio(at(0));
    expectToolOk(await first.call('register', { email: 'stdio-key@example.com', password: PASSWORD }));
    const token = String(expectToolOk(await first.call('login', { email: 'stdio-key@example.com', password: PASSWORD }))['access_token']);
    const key = String(expectToolOk(await first.call('create_api_key', { name: 'stdio', scopes: ['read', 'propose'] }))['api_key']);
    await first.close();

    // Two minutes later on the processes' clock: the 60-second access token has expired, the key has not.
    const withToken = await stdio(at(2), { CONDOR_MCP_TOKEN: token });
    const withKey = await stdio(at(2), { CONDOR_API_KEY: key });
    try {
      expect(expectToolError(await withToken.call('get_onboarding_status'), 'SESSION_INVALID').message).toContain('expired');
      expect(expectToolOk(await withKey.call('get_onboarding_status'))).toMatchObject({ complete: false });
      expect(expectToolOk(await withKey.call('list_api_keys'))['api_keys']).toEqual([expect.objectContaining({ name: 'stdio', current: true })]);
      expectToolError(await withKey.call('confirm_proposal', { proposal_id: '7a1f8a4e-3b2c-4d6e-8f90-123456789abc' }), 'FORBIDDEN');
    } finally {
      await withToken.close();
      await withKey.close();
    }
    expect(first.stderr() + withToken.stderr() + withKey.stderr()).not.toContain(key);
  }, 60_000);
});
