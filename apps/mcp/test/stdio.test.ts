import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { ERAS, expectToolError, expectToolOk, newClient, PASSWORD, type Era } from './support.js';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

/** The stdio command of the README ("Connecting an MCP client"), with `/path/to/condor` replaced by this checkout. */
function readmeCommand(): { command: string; args: string[] } {
  const line = README.split('\n').map((l) => l.trim()).find((l) => l.startsWith('npx ') && l.endsWith(' mcp:stdio'));
  expect(line, 'README names the stdio command').toBeDefined();
  const [command = '', ...args] = (line ?? '').split(/\s+/);
  // The client configuration example of the README says the same.
  expect(README).toContain(`"command": "${command}"`);
  expect(README).toContain(`"args": ${JSON.stringify(args).replaceAll(',', ', ')}`);
  return { command, args: args.map((arg) => (arg === '/path/to/condor' ? REPO_ROOT : arg)) };
}

/** A JSON-RPC 2.0 message: a request, a notification, or a response with a result or an error. */
function isJsonRpcMessage(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const message = value as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') return false;
  if (typeof message.method === 'string') return true;
  return ('result' in message) !== ('error' in message) && (typeof message.id === 'string' || typeof message.id === 'number');
}

const dataDirs: string[] = [];
afterEach(() => {
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A real v2 client of `era` on the README's command, started by the SDK's StdioClientTransport as an MCP client
 * would, with a fresh data folder; `stdout()` is every byte the process wrote to stdout, `stderr()` its log.
 */
function readmeStdio(era: Era) {
  const dataDir = mkdtempSync(join(tmpdir(), 'condor-stdio-'));
  dataDirs.push(dataDir);
  const { command, args } = readmeCommand();
  const transport = new StdioClientTransport({
    command,
    args,
    cwd: tmpdir(),
    env: {
      CONDOR_DATA_DIR: dataDir,
      // The server runs on the Node running this test (CI runs the suite on Node 20 and on Node 24).
      PATH: [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter),
      // npx resolves pnpm@<exact version> from its cache instead of asking the registry each time.
      npm_config_prefer_offline: 'true',
    },
    stderr: 'pipe',
  });
  let stdout = '';
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString('utf8'); });
  // The SDK reads the child's stdout itself and silently skips lines that are not JSON, so the raw bytes are
  // tapped too: the listener is added in the same tick the process spawns, before any output can be read.
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    const child = (transport as unknown as { _process?: ChildProcess })._process;
    if (!child?.stdout) throw new Error('StdioClientTransport no longer keeps its child in _process: update the stdout tap');
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString('utf8'); });
  };
  return { client: newClient(era), transport, stdout: () => stdout, stderr: () => stderr };
}

describe.each(ERAS)('stdio: a real client on the README command, %s era', (era) => {
  it('registers, logs in (binding the connection) and acts as that user; stdout carries JSON-RPC only', async () => {
    const { client, transport, stdout, stderr } = readmeStdio(era);
    try {
      await client.connect(transport);
      expect(client.getNegotiatedProtocolVersion()).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');
      const call = (name: string, args?: Record<string, unknown>) => client.callTool({ name, ...(args ? { arguments: args } : {}) });

      expect(expectToolOk(await call('register', { email: 'Ann@Example.com', password: PASSWORD }))).toMatchObject({
        email: 'ann@example.com',
      });
      expectToolError(await call('get_onboarding_status'), 'UNAUTHORIZED');
      const tokens = expectToolOk(await call('login', { email: 'ann@example.com', password: PASSWORD }));
      expect(typeof tokens.access_token).toBe('string');
      // No token is sent with this call: the connection is Ann's now.
      expect(expectToolOk(await call('get_onboarding_status'))).toMatchObject({ complete: false, next_tool: 'get_legal_document' });
    } catch (error) {
      throw new Error(`${String(error)}\n--- server stderr ---\n${stderr()}`, { cause: error });
    } finally {
      await client.close();
    }

    const out = stdout();
    expect(out === '' || out.endsWith('\n'), 'stdout ends with a whole line').toBe(true);
    const lines = out.split('\n').slice(0, -1);
    const impure = lines.filter((line) => {
      try {
        return !isJsonRpcMessage(JSON.parse(line));
      } catch {
        return true;
      }
    });
    expect(impure, `stdout lines that are not JSON-RPC messages (server stderr:\n${stderr()})`).toEqual([]);
    // The tap saw the whole exchange: the four tool results (and the answer to initialize in the 2025 era).
    expect(lines.filter((line) => 'result' in (JSON.parse(line) as object))).toHaveLength(era === 'modern' ? 4 : 5);
  }, 60_000);
});
