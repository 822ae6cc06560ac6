import { CATALOGUE, ERROR_RESULT_KEYS, statusOf } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/index.js';
import { harness } from './helpers.js';

interface OperationObject {
  operationId: string;
  summary: string;
  description: string;
  requestBody?: { required: boolean; content: { 'application/json': { schema: Record<string, unknown> } } };
  responses: Record<string, { description: string; content?: { 'application/json': { schema: unknown } } }>;
  security?: unknown[];
}

type Document = {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: { ErrorResult: Record<string, unknown> }; securitySchemes: Record<string, unknown> };
};

const fetchDocument = async (): Promise<Document> => {
  const response = await harness().send('GET', '/openapi.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as Document;
};

const operations = (doc: Document): OperationObject[] => Object.values(doc.paths).flatMap((item) => Object.values(item));

describe('GET /openapi.json', () => {
  it('is OpenAPI 3.1.0 with exactly one operation per catalogue entry, operationId = tool name', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe('3.1.0');
    expect(operations(doc).map((op) => op.operationId).sort()).toEqual(CATALOGUE.map((op) => op.name).sort());
    for (const op of CATALOGUE) {
      const entry = doc.paths[`/v1${op.rest.path.replace(/:(\w+)/g, '{$1}')}`]?.[op.rest.method.toLowerCase()];
      expect(entry).toMatchObject({ operationId: op.name, summary: op.title, description: op.description });
    }
  });

  it('describes the request body from the valibot schema, without $schema anywhere', async () => {
    const doc = await fetchDocument();
    const register = doc.paths['/v1/users']?.post;
    expect(register?.requestBody?.required).toBe(true);
    expect(register?.requestBody?.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['email', 'password'],
      additionalProperties: false,
      properties: { email: { type: 'string', format: 'email' }, password: { type: 'string', minLength: 12 } },
    });
    expect(doc.paths['/v1/sessions/current']?.delete?.requestBody?.required).toBe(false);
    expect(JSON.stringify(doc)).not.toContain('$schema');
  });

  it('describes propose_entry.candidate as an object with the fields it reads, other fields allowed', async () => {
    const doc = await fetchDocument();
    const body = doc.paths['/v1/proposals/entries']?.post?.requestBody?.content['application/json'].schema;
    expect((body?.properties as Record<string, unknown> | undefined)?.candidate).toMatchObject({
      type: 'object',
      required: ['ticker', 'expiry', 'net_credit', 'legs'],
      additionalProperties: true,
      properties: { ticker: { type: 'string' }, net_credit: { type: 'number' }, legs: { type: 'object' } },
    });
  });

  it('has a 200 response with the output schema and one ErrorResult response per status the operation can answer', async () => {
    const doc = await fetchDocument();
    for (const op of CATALOGUE) {
      const entry = doc.paths[`/v1${op.rest.path.replace(/:(\w+)/g, '{$1}')}`]?.[op.rest.method.toLowerCase()];
      const statuses = new Set([...op.errors.map(statusOf), 422, 500, ...(op.access === 'public' ? [] : [401])]);
      for (const status of statuses) {
        const response = entry?.responses[String(status)];
        expect(response?.content?.['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorResult' });
      }
      expect(entry?.responses['200']?.content?.['application/json'].schema).toMatchObject({ type: 'object' });
    }
    const logout = doc.paths['/v1/sessions/current']?.delete;
    expect(logout?.responses['401']?.description).toContain('UNAUTHORIZED');
    expect(logout?.responses['401']?.description).toContain('SESSION_INVALID');
    expect(doc.paths['/v1/sessions']?.post?.responses['401']?.description).toContain('INVALID_CREDENTIALS');
    expect(doc.paths['/v1/users']?.post?.responses['422']?.description).toContain('INVALID_EMAIL');
    expect(doc.paths['/v1/users']?.post?.responses['422']?.description).toContain('VALIDATION_ERROR');
    expect(doc.paths['/v1/users']?.post?.responses['409']?.description).toContain('CONFLICT');
  });

  it('defines ErrorResult with the seven keys, all required, nothing else', async () => {
    const { components } = await fetchDocument();
    const schema = components.schemas.ErrorResult;
    expect(Object.keys(schema.properties as object).sort()).toEqual([...ERROR_RESULT_KEYS].sort());
    expect([...(schema.required as string[])].sort()).toEqual([...ERROR_RESULT_KEYS].sort());
    expect(schema.additionalProperties).toBe(false);
  });

  it('declares Bearer and cookie security, required only by non-public operations', async () => {
    const doc = await fetchDocument();
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      cookieAuth: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: '__Host-condor_session' }),
    });
    for (const op of CATALOGUE) {
      const entry = doc.paths[`/v1${op.rest.path.replace(/:(\w+)/g, '{$1}')}`]?.[op.rest.method.toLowerCase()];
      // An empty requirement: this public operation takes no credentials (not merely "unspecified").
      if (op.access === 'public') expect(entry?.security).toEqual([]);
      else expect(entry?.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    }
  });

  it('is built once per app: the same bytes every time, and equal to buildOpenApiDocument()', async () => {
    const h = harness();
    const first = await (await h.send('GET', '/openapi.json')).text();
    const second = await (await h.send('GET', '/openapi.json')).text();
    expect(second).toBe(first);
    expect(JSON.parse(first)).toEqual(buildOpenApiDocument());
  });
});
