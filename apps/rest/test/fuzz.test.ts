import { execute, type Services } from '@condor/core';
import { createTestServices, type TestServices } from '@condor/testkit';
import { fc, test } from '@fast-check/vitest';
import type { McpHttpHandler } from '@condor/mcp';
import { messagesOf, rawToolCallRequest } from '../../mcp/test/mcp-http.js';
import { httpHandlerFor } from '../../mcp/test/support.js';
import { jsonText } from './json-text.js';
import { beforeAll, describe, expect } from 'vitest';
import { expectSafeAnswer, fuzzCallArb } from './fuzz-inputs.js';
import { viaRest } from './shells.js';

const PASSWORD = 'fuzz password 1';

/** A user who has done every onboarding step and linked the simulated broker, so junk reaches every gate. */
async function connectedUser(services: Services): Promise<string> {
  const call = async (tool: string, input: unknown, credential: string | null): Promise<unknown> => {
    const result = await execute(tool, input, { services, credential, requestId: `setup-${tool}`, batchKey: null });
    return result._unsafeUnwrap().value;
  };
  await call('register', { email: 'fuzz@example.com', password: PASSWORD }, null);
  const { access_token: token } = (await call('login', { email: 'fuzz@example.com', password: PASSWORD }, null)) as { access_token: string };
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await call('get_legal_document', { name }, token);
  await call('accept_eua', {}, token);
  await call('acknowledge_risk', {}, token);
  await call('connect_broker', { authorization_confirmed: true, broker: 'sim' }, token);
  return token;
}

const logsOf = (services: TestServices): string => JSON.stringify(services.logger.lines);

describe('fuzzing both shells in-process with junk of every shape', () => {
  let services: TestServices;
  let token: string;
  let mcp: McpHttpHandler;

  beforeAll(async () => {
    services = createTestServices();
    token = await connectedUser(services);
    mcp = httpHandlerFor(services);
  });

  test.prop([fuzzCallArb, fc.constantFrom<'token' | 'none' | 'garbage'>('token', 'token', 'token', 'none', 'garbage')], { numRuns: 400 })(
    'REST: a success or a seven-key ErrorResult, never 5xx, never the secret, in the answer or the log',
    async (call, who) => {
      const credential = who === 'token' ? token : who === 'garbage' ? `${call.secret}.x.y` : null;
      const answer = await viaRest(services, call.tool, call.input, credential);
      expectSafeAnswer(call, !answer.ok, answer.status, answer.body);
      expect(logsOf(services)).not.toContain(call.secret);
    },
  );

  test.prop([fuzzCallArb, fc.boolean()], { numRuns: 400 })(
    'MCP (both eras): a success or a seven-key ErrorResult (isError), never INTERNAL_ERROR, never the secret',
    async (call, useModern) => {
      // Raw text, as a client may send it: any shape and depth of arguments reaches the endpoint.
      const request = rawToolCallRequest(useModern ? 'modern' : 'legacy', call.tool, jsonText(call.input));
      const response = await mcp(request, { credential: token, requestId: 'fuzz', clientIp: '127.0.0.1' });
      expect(response.status).toBe(200);
      const [answer] = await messagesOf(response);
      const result = answer?.result ?? {};
      expect(answer?.error, JSON.stringify(answer?.error)).toBeUndefined();
      expectSafeAnswer(call, result.isError === true, null, result.structuredContent);
      expect(JSON.stringify(result.content)).not.toContain(call.secret);
      expect(logsOf(services)).not.toContain(call.secret);
    },
  );
});
