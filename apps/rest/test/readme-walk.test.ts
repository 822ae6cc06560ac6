import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CATALOGUE } from '@condor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server-process.js';

/**
 * The README is tested (issues 15 and 42): its "A first walk over REST" — every ```sh block marked `<!-- walk -->` —
 * runs verbatim, in order, in one bash shell against the real server process with the deployments' fill model
 * (`realistic`), once for each of 20 fill-model seeds, and must leave the README's user with a closed paper iron
 * condor every time.
 *
 * On a short clock: each of these servers runs CLOCK_RATE times faster than real time (CONDOR_SIM_CLOCK_RATE), and
 * so does the script, whose `sleep` is one on PATH that sleeps 1/CLOCK_RATE of what it is asked. The two clocks then
 * agree as they do for a person: `sleep 6` is 6 s of the server's time, inside the confirm window, and the polls come
 * every 2 s of it, while a walk that takes a minute of the server's time takes seconds.
 *
 * At any hour: each server starts at its own instant of one week (CONDOR_SIM_START), 8.4 hours apart, so the walks
 * run in regular sessions and in demo sessions, nights and the weekend, whenever the suite runs. The walks run five
 * at a time (vitest's default maxConcurrency): each server process mostly waits, and the starts are what cost.
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

const CLOCK_RATE = 5;
/** Monday 13 April 2026, 00:00 New York: a week with no holiday, no early close and no change of daylight time. */
const WEEK_START = Date.UTC(2026, 3, 13, 4);
const START_SPACING_MS = 8.4 * 3_600_000;

/**
 * Each walk's fill seed and the server's clock at its start. None starts near a session's close, where a day order
 * would end: the nearest, seed 14, starts 2 h 48 min before one.
 */
const WALKS = Array.from({ length: 20 }, (_, i) => ({ seed: i + 1, startsAt: new Date(WEEK_START + i * START_SPACING_MS).toISOString() }));

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

/** A folder holding a `sleep` that sleeps 1/rate of what it is asked, to put first on the script's PATH. */
function fastSleepFolder(rate: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'condor-fast-sleep-'));
  const realSleep = execFileSync('sh', ['-c', 'command -v sleep'], { encoding: 'utf8' }).trim();
  writeFileSync(join(folder, 'sleep'), `#!/bin/sh\nexec ${realSleep} "$(awk -v s="$1" 'BEGIN { print s / ${String(rate)} }')"\n`);
  chmodSync(join(folder, 'sleep'), 0o755);
  return folder;
}

const STARTS_AT_ONCE = 2;
let freeStarts = STARTS_AT_ONCE;
const waitingStarts: (() => void)[] = [];

/**
 * Starts a server when fewer than STARTS_AT_ONCE others are starting: a start (loading every module) is most of a
 * walk's CPU, and five at once on a busy machine could outlast the 30 s a start is given.
 */
async function startInTurn(env: Record<string, string>): Promise<RunningServer> {
  if (freeStarts > 0) freeStarts--;
  else await new Promise<void>((go) => waitingStarts.push(go));
  try {
    return await startServer(env);
  } finally {
    const next = waitingStarts.shift();
    if (next === undefined) freeStarts++;
    else next();
  }
}

/** One JSON request to `server` as a client outside the script. */
async function send(server: RunningServer, method: string, path: string, token: string | null, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Record<string, unknown>;
}

let sleepFolder: string;

beforeAll(() => {
  sleepFolder = fastSleepFolder(CLOCK_RATE);
});

afterAll(() => {
  rmSync(sleepFolder, { recursive: true, force: true });
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

  describe.concurrent('runs as written, from register to a closed paper iron condor and a logout, with realistic fills', () => {
    it.each(WALKS)('fill seed $seed, the server clock from $startsAt', async ({ seed, startsAt }) => {
      const server = await startInTurn({
        CONDOR_APPROVAL: 'confirm',
        CONDOR_SIM_FILLS: 'realistic',
        CONDOR_SIM_FILL_SEED: String(seed),
        CONDOR_SIM_CLOCK_RATE: String(CLOCK_RATE),
        CONDOR_SIM_START: startsAt,
      });
      try {
        const run = await runBash(script, { BASE: server.baseUrl, PATH: `${sleepFolder}:${process.env.PATH ?? ''}` }, 100_000);
        const seen = `${run.output}\n--- server log ---\n${server.logs.slice(-15).join('\n')}`;
        expect(run.code, seen).toBe(0);
        expect(run.output.trimEnd().split('\n').at(-1), seen).toBe('{"logged_out":true}');

        // Seen from outside the script: the README's user, logged in afresh.
        const [, email, password] = /"email":"([^"]+)","password":"([^"]+)"/.exec(script) ?? [];
        const token = (await send(server, 'POST', '/v1/sessions', null, { email, password }))['access_token'] as string;
        const { positions } = (await send(server, 'GET', '/v1/positions?include_closed=true', token)) as { positions: { position_id: string; status: string }[] };
        expect(positions.map((p) => p.status), seen).toEqual(['closed']);
        const { orders } = (await send(server, 'POST', '/v1/positions/actions', token, { action: 'orders' })) as {
          orders: { kind: string | null; position_id: string | null; status: string }[];
        };
        const filled = orders.filter((o) => o.position_id === positions[0]?.position_id && o.status === 'filled');
        expect(filled.map((o) => o.kind), seen).toEqual(['exit', 'entry']);
      } finally {
        await server.stop();
      }
    }, 150_000);
  });
});
