import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { ERAS, newClient } from './support.js';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

describe.each(ERAS)('stdio process with CONDOR_MCP_TOOLSETS, %s era', (era) => {
  it('offers the trading tools and prompts alone, and the trading resource templates', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'condor-stdio-toolsets-'));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=@condor/source', '--import', 'tsx', 'apps/mcp/src/stdio.ts'],
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', CONDOR_DATA_DIR: dataDir, CONDOR_MCP_TOOLSETS: 'trading' },
      stderr: 'pipe',
    });
    const client = newClient(era);
    try {
      await client.connect(transport);
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools[0]).toBe('propose_entry');
      expect(tools).not.toContain('login');
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['review_open_positions']);
      expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual(['condor://positions/{id}', 'condor://proposals/{id}']);
    } finally {
      await client.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
