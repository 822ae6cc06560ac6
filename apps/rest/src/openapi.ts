import { CATALOGUE, ERROR_CATALOGUE, ERROR_RESULT_JSON_SCHEMA, TOOL_SCOPES, type AnyOperation } from '@condor/core';
import type { JsonSchema } from './json-schema.js';
import { describeOperation, type ErrorGroup, type OperationDoc } from './operation-docs.js';
import { SESSION_COOKIE } from './session-cookie.js';

/** An OpenAPI 3.1 document, kept as plain JSON. */
export type OpenApiDocument = Record<string, unknown> & { readonly openapi: '3.1.0'; readonly paths: Record<string, Record<string, unknown>> };

const ERROR_REF = { $ref: '#/components/schemas/ErrorResult' } as const;

/** The contract's ErrorResult (§2.1, design §4), defined once in core for both shells. */
export const ERROR_RESULT_SCHEMA: JsonSchema = ERROR_RESULT_JSON_SCHEMA;

const SECURITY = [{ bearerAuth: [] }, { cookieAuth: [] }];

/**
 * The OpenAPI 3.1 document of the REST surface, generated from the operation catalogue:
 * `operationId` is the tool name, so REST and MCP name every operation alike.
 */
export function buildOpenApiDocument(operations: readonly AnyOperation[] = CATALOGUE, version = '0.1.0'): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of operations.map(describeOperation)) {
    paths[doc.path] = { ...paths[doc.path], [doc.method.toLowerCase()]: operationObject(doc) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'condor',
      version,
      description:
        'Research, propose and place iron condors through your own brokerage account. Every failure is an ErrorResult; ' +
        'every response carries X-Request-Id. The same operations are MCP tools of the same names at /mcp.',
    },
    servers: [{ url: 'http://127.0.0.1:8787', description: 'A local condor at the default HOST and PORT; use the address you serve it at.' }],
    paths,
    components: {
      schemas: { ErrorResult: ERROR_RESULT_SCHEMA },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The access_token from login or refresh_session (every scope), or an API key (condor_sk_…, create_api_key) with its own ' +
            'scopes. Each operation names the scope it needs in x-scope: read, propose or trade; a missing one is FORBIDDEN (403).',
        },
        cookieAuth: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by login; sent by browsers.' },
      },
    },
  };
}

function operationObject(doc: OperationDoc): Record<string, unknown> {
  const { operation } = doc;
  const parameters = doc.parameters
    .filter((parameter) => parameter.location !== 'body')
    .map(({ name, location, required, description, schema }) => ({
      name,
      in: location,
      required,
      schema,
      ...(description === null ? {} : { description }),
    }));
  return {
    operationId: operation.name,
    summary: operation.title,
    description: operation.description,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(doc.body === null
      ? {}
      : {
          requestBody: {
            required: (doc.body.required ?? []).length > 0,
            content: { 'application/json': { schema: doc.body } },
          },
        }),
    // The scope the credential needs (design §13): one, none, or one per value of a parameter.
    'x-scope': TOOL_SCOPES[operation.name],
    'x-error-codes': [...new Set(doc.errors.flatMap((group) => group.codes))],
    responses: {
      '200': { description: 'Success.', content: { 'application/json': { schema: doc.output } } },
      ...Object.fromEntries(doc.errors.map((group) => [String(group.status), errorResponseObject(group)])),
    },
    // A public operation takes no credentials: an empty requirement says so explicitly.
    security: operation.access === 'public' ? [] : SECURITY,
  };
}

const errorResponseObject = ({ status, codes, reason }: ErrorGroup): Record<string, unknown> => ({
  description: reason ?? codes.map((code) => `- \`${code}\`: ${ERROR_CATALOGUE[code].message}`).join('\n'),
  'x-error-codes': codes,
  ...(status === 429 || status === 503
    ? { headers: { 'Retry-After': { description: 'Seconds to wait before retrying, when known.', schema: { type: 'integer' } } } }
    : {}),
  ...(status === 403
    ? { headers: { 'WWW-Authenticate': { description: 'When the credential lacks the scope (x-scope): `Bearer error="insufficient_scope", scope="…"`.', schema: { type: 'string' } } } }
    : {}),
  content: { 'application/json': { schema: ERROR_REF } },
});
