import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CATALOGUE } from '@condor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server-process.js';

/**
 * The README is tested (issue 15): its "A first walk over REST" — every ```sh block marked `<!-- walk -->` —
 * runs verbatim, in order, in one bash shell against the real server process on the real clock (the demo
 * session keeps the simulated market open at any hour), and leaves the README's user with a closed paper
 * iron condor (or one closing under a placed exit order).
 */

const README = readFileSync(resolve(import.meta.dirname, '../../../README.md'), 'utf8');

/** The marked blocks, in order. */
const walkBlocks = (markdown: string): string[] => [...markdown.matchAll(/^<!-- walk -->\n```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');

/** Every step of the walk, as the catalogue names it: the README must show its REST path. */
const STEPS = [
  'register',
  'login',
  'get_legal_document',
  'accept_eua',
  'acknowledge_risk',
  'get_onboarding_status',
  'connect_broker',
  'find_iron_condors',
  'propose_entry',
  'get_proposal',
  'confirm_proposal',
  'get_positions',
  'propose_exit',
  'logout',
];

interface Run {
  readonly code: number | null;
  readonly output: string;
}

/** Runs `script` with `bash -euo pipefail`, stdout and stderr interleaved as a person would see them. */
function runBash(script: string, env: Record<string, string>, timeoutMs: number): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: string[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d.toString()));
    child.stderr.on('data', (d: Buffer) => chunks.push(d.toString()));
    const timer = setTimeout(() => {
      chunks.push(`\n[killed after ${String(timeoutMs)} ms]`);
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('error', fail);
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, output: chunks.join('') });
    });
  });
}

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ CONDOR_APPROVAL: 'confirm' });
}, 60_000);

afterAll(async () => {
  await server.stop();
});

describe('the README walk over REST', () => {
  const blocks = walkBlocks(README);
  const script = blocks.join('\n');

  it('is marked in the README and shows the REST path of every step', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    for (const step of STEPS) {
      const operation = CATALOGUE.find((op) => op.name === step);
      expect(operation, step).toBeDefined();
      const path = new RegExp(`/v1${(operation?.rest.path ?? '').replace(/:\w+/g, '[^/"?\\s]+')}(?=["?\\s]|$)`);
      expect(script, `${step}: ${operation?.rest.method ?? ''} ${operation?.rest.path ?? ''}`).toMatch(path);
    }
  });

  it('runs as written, from register to a closed paper iron condor and a logout', async () => {
    const run = await runBash(script, { BASE: server.baseUrl }, 80_000);
    expect(run.code, run.output).toBe(0);
    expect(run.output.trimEnd().split('\n').at(-1), run.output).toBe('{"logged_out":true}');

    // Seen from outside the script: the README's user, logged in afresh.
    const [, email, password] = /"email":"([^"]+)","password":"([^"]+)"/.exec(script) ?? [];
    const send = async (method: string, path: string, token: string | null, body?: unknown): Promise<Record<string, unknown>> => {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await response.json()) as Record<string, unknown>;
    };
    const token = (await send('POST', '/v1/sessions', null, { email, password }))['access_token'] as string;
    const { positions } = (await send('GET', '/v1/positions?include_closed=true', token)) as { positions: { position_id: string; status: string }[] };
    expect(positions, run.output).toHaveLength(1);
    const [position] = positions;
    const { orders } = (await send('POST', '/v1/positions/actions', token, { action: 'orders' })) as { orders: { kind: string | null; position_id: string | null }[] };
    expect(orders.filter((o) => o.position_id === position?.position_id).map((o) => o.kind), run.output).toEqual(['exit', 'entry']);
    expect(['closed', 'closing'], run.output).toContain(position?.status);
  }, 90_000);
});
