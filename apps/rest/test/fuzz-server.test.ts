import { fc } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSafeAnswer, fuzzCallArb, type FuzzCall } from './fuzz-inputs.js';
import { messagesOf, rawToolCallRequest } from '../../mcp/test/mcp-http.js';
import type { Era } from '../../mcp/test/support.js';
import { jsonText } from './json-text.js';
import { startServer, type RunningServer } from './server-process.js';
import { restRequestFor } from './shells.js';

const PASSWORD = 'fuzz server password';
let server: RunningServer;
let token: string;

async function rest(tool: string, input: unknown, credential: string | null): Promise<{ status: number; body: unknown }> {
  const { path, init } = restRequestFor(tool, input, credential);
  const response = await fetch(`${server.baseUrl}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: parsedOrText(text) };
}

/** The JSON an answer holds, or its text as it came (an empty 431 from Node used to be such an answer). */
function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return `not JSON: '${text.slice(0, 200)}'`;
  }
}

const restOk = async (tool: string, input: unknown, credential: string | null): Promise<Record<string, unknown>> => {
  const answer = await rest(tool, input, credential);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Record<string, unknown>;
};

/** A raw tools/call of `era` sent to the real server's /mcp, its arguments written as text (any depth). */
async function mcpCall(era: Era, tool: string, argumentsText: string): Promise<Response> {
  const request = rawToolCallRequest(era, tool, argumentsText);
  const headers = new Headers(request.headers);
  headers.set('authorization', `Bearer ${token}`);
  return fetch(`${server.baseUrl}/mcp`, { method: 'POST', headers, body: await request.text() });
}

/** Calls drawn from the fuzz arbitrary with a fixed seed, so a failure here can be replayed. */
const sample = (count: number, seed: number): FuzzCall[] => fc.sample(fuzzCallArb, { numRuns: count, seed });

beforeAll(async () => {
  // The per-address limit would turn most of the run into 429s; the login throttle stays as configured.
  server = await startServer({ CONDOR_RATE_LIMIT: '1000000' });
  await restOk('register', { email: 'fuzz@example.com', password: PASSWORD }, null);
  ({ access_token: token } = (await restOk('login', { email: 'fuzz@example.com', password: PASSWORD }, null)) as { access_token: string });
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await restOk('get_legal_document', { name }, token);
  await restOk('accept_eua', {}, token);
  await restOk('acknowledge_risk', {}, token);
  await restOk('connect_broker', { authorization_confirmed: true, broker: 'sim' }, token);
}, 60_000);

afterAll(async () => {
  await server.stop();
});

describe('fuzzing the real server process', () => {
  it('answers 1,500 junk REST calls with successes or seven-key ErrorResults, never 5xx, never a secret', async () => {
    for (const call of sample(1_500, 13)) {
      const answer = await rest(call.tool, call.input, token);
      expectSafeAnswer(call, answer.status >= 400, answer.status, answer.body);
    }
    const logs = server.logs.join('\n');
    for (const call of sample(1_500, 13)) expect(logs).not.toContain(call.secret);
    expect(server.logs.some((line) => line.includes('unhandled_exception'))).toBe(false);
  }, 240_000);

  it('answers 1,000 junk MCP tools/call requests of both eras with results or seven-key ErrorResults, never a secret', async () => {
    for (const [i, call] of sample(1_000, 14).entries()) {
      const response = await mcpCall(i % 2 === 0 ? 'modern' : 'legacy', call.tool, jsonText(call.input));
      expect(response.status, call.tool).toBeLessThan(500);
      const [answer] = await messagesOf(response);
      const result = answer?.result;
      // A body the transport itself refuses (too large for the endpoint) is an ErrorResult or a JSON-RPC error, not a tool result.
      if (result === undefined) {
        expect(JSON.stringify(answer)).not.toContain(call.secret);
        continue;
      }
      expectSafeAnswer(call, result.isError === true, null, result.structuredContent);
      expect(JSON.stringify(result)).not.toContain(call.secret);
    }
    const logs = server.logs.join('\n');
    for (const call of sample(1_000, 14)) expect(logs).not.toContain(call.secret);
    expect(server.logs.some((line) => line.includes('unhandled_exception'))).toBe(false);
  }, 240_000);
});
