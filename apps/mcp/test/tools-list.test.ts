import { CATALOGUE, ERROR_RESULT_KEYS } from '@condor/core';
import { createTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { SERVER_INFO } from '../src/index.js';
import { connectHttp, ERAS, httpHandlerFor } from './support.js';

type JsonObject = Record<string, unknown>;

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

  it('describes propose_entry.candidate as the object find_iron_condors returns: the fields it reads, typed as there, others allowed', async () => {
    const { client } = await connectHttp(httpHandlerFor(createTestServices()), era);
    const { tools } = await client.listTools();
    const candidate = tools.find((t) => t.name === 'propose_entry')?.inputSchema.properties?.candidate as JsonObject;
    const [found] = tools.find((t) => t.name === 'find_iron_condors')?.outputSchema?.anyOf as [JsonObject];
    const returned = ((found.properties as Record<string, JsonObject>).candidates?.items ?? {}) as JsonObject;

    expect(candidate).toMatchObject({ type: 'object', required: ['ticker', 'expiry', 'net_credit', 'legs'], additionalProperties: true });
    const props = candidate.properties as Record<string, JsonObject>;
    const returnedProps = returned.properties as Record<string, JsonObject>;
    for (const field of ['ticker', 'expiry', 'net_credit']) expect(props[field]?.type).toBe(returnedProps[field]?.type);
    const legs = props.legs?.properties as Record<string, JsonObject>;
    const returnedLegs = returnedProps.legs?.properties as Record<string, JsonObject>;
    for (const leg of ['long_put', 'short_put', 'short_call', 'long_call']) {
      expect(legs[leg]).toMatchObject({ type: 'object', required: ['strike'], additionalProperties: true });
      expect((legs[leg]?.properties as Record<string, JsonObject>).strike?.type).toBe((returnedLegs[leg]?.properties as Record<string, JsonObject>).strike?.type);
    }
  });

  it('reports the server name and version', async () => {
    const { client } = await connectHttp(httpHandlerFor(createTestServices()), era);
    expect(client.getServerVersion()).toMatchObject(SERVER_INFO);
  });
});
