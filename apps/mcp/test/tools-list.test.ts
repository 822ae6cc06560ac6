import { CATALOGUE, ERROR_RESULT_KEYS } from '@condor/core';
import { createTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { SERVER_INFO } from '../src/index.js';
import { connectHttp, ERAS, httpHandlerFor } from './support.js';

describe.each(ERAS)('tools/list, %s era', (era) => {
  it('lists exactly the catalogue in catalogue order, with object input schemas and the annotations', async () => {
    const { client } = await connectHttp(httpHandlerFor(createTestServices()), era);
    const { tools } = await client.listTools();

    expect(tools.map((t) => t.name)).toEqual(CATALOGUE.map((op) => op.name));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(tools.map((t) => t.name));
    for (const op of CATALOGUE) {
      const tool = tools.find((t) => t.name === op.name);
      expect(tool?.title).toBe(op.title);
      expect(tool?.description).toBe(op.description);
      expect(tool?.inputSchema.type).toBe('object');
      expect(tool?.inputSchema).not.toHaveProperty('$schema');
      expect(tool?.annotations).toEqual({ title: op.title, ...op.annotations });
    }
  });

  it('advertises an output schema that admits the success value or the seven-key ErrorResult', async () => {
    const { client } = await connectHttp(httpHandlerFor(createTestServices()), era);
    const { tools } = await client.listTools();
    const login = tools.find((t) => t.name === 'login');

    expect(login?.outputSchema?.type).toBe('object');
    const [success, failure] = login?.outputSchema?.anyOf as [Record<string, unknown>, Record<string, unknown>];
    expect(success).toMatchObject({ type: 'object', required: expect.arrayContaining(['access_token', 'user']) });
    expect(success).not.toHaveProperty('$schema');
    expect(failure).toMatchObject({ type: 'object', additionalProperties: false, required: [...ERROR_RESULT_KEYS] });
    expect(Object.keys(failure.properties as object).sort()).toEqual([...ERROR_RESULT_KEYS].sort());
  });

  it('reports the server name and version', async () => {
    const { client } = await connectHttp(httpHandlerFor(createTestServices()), era);
    expect(client.getServerVersion()).toMatchObject(SERVER_INFO);
  });
});
