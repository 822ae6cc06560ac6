import { execute, type Services } from '@condor/core';
import { createMcpServer } from '@condor/mcp';
import { createTestServices, type TestServices } from '@condor/testkit';
import { fc, test } from '@fast-check/vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect } from 'vitest';
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
  let mcp: Client;

  beforeAll(async () => {
    services = createTestServices();
    token = await connectedUser(services);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const send = clientSide.send.bind(clientSide);
    clientSide.send = (message, options) => send(message, { ...options, authInfo: { token, clientId: 'fuzz', scopes: [] } });
    await createMcpServer(services).connect(serverSide);
    mcp = new Client({ name: 'fuzz', version: '1' });
    await mcp.connect(clientSide);
  });
  afterAll(async () => {
    await mcp.close();
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

  test.prop([fuzzCallArb], { numRuns: 400 })(
    'MCP: a success or a seven-key ErrorResult (isError), never INTERNAL_ERROR, never the secret',
    async (call) => {
      const request = { method: 'tools/call', params: { name: call.tool, arguments: call.input } } as never;
      const result = await mcp.request(request, CallToolResultSchema);
      expectSafeAnswer(call, result.isError === true, null, result.structuredContent);
      expect(JSON.stringify(result.content)).not.toContain(call.secret);
      expect(logsOf(services)).not.toContain(call.secret);
    },
  );
});
