import { statusOf, TOOL_SCOPES, type AnyOperation, type ErrorCode } from '@condor/core';
import { constraintsOf, jsonSchemaOf, typeLabel, type JsonSchema } from './json-schema.js';
import { API_BASE } from './api-paths.js';

/** One input parameter of an operation, as the docs page and the OpenAPI document show it. */
export interface ParameterDoc {
  readonly name: string;
  readonly location: 'path' | 'query' | 'body';
  readonly required: boolean;
  readonly type: string;
  readonly constraints: readonly string[];
  readonly description: string | null;
  readonly schema: JsonSchema;
}

/** The failures of an operation that share one HTTP status. */
export interface ErrorGroup {
  readonly status: number;
  readonly codes: readonly ErrorCode[];
  /** Why the transport answers this status, when it is not the codes' own (405, 413, 415). */
  readonly reason?: string;
}

/** Statuses the HTTP shell answers before any operation runs, with the code it gives them. */
const TRANSPORT_ERRORS: readonly { readonly status: number; readonly codes: readonly ErrorCode[]; readonly reason: string; readonly forBodies: boolean }[] = [
  { status: 405, codes: ['BAD_REQUEST'], reason: '`BAD_REQUEST`: this path does not take that method; `Allow` names the ones it takes.', forBodies: false },
  { status: 413, codes: ['BAD_REQUEST'], reason: '`BAD_REQUEST`: the body is larger than the server accepts (1 MiB by default); the connection is closed.', forBodies: true },
  { status: 415, codes: ['BAD_REQUEST'], reason: '`BAD_REQUEST`: the body is not `application/json`.', forBodies: true },
];

/** Everything the documentation says about one operation, derived from its catalogue entry. */
export interface OperationDoc {
  readonly operation: AnyOperation;
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** The route with `{name}` placeholders, `/v1` included. */
  readonly path: string;
  /** The JSON body's schema (path parameters removed); null for GET. */
  readonly body: JsonSchema | null;
  readonly output: JsonSchema;
  readonly parameters: readonly ParameterDoc[];
  readonly errors: readonly ErrorGroup[];
}

const PATH_PARAMETER = /:([A-Za-z0-9_]+)/g;

/** Describes one operation for the OpenAPI document and the docs page. */
export function describeOperation(operation: AnyOperation): OperationDoc {
  const { method } = operation.rest;
  const route = `${API_BASE}${operation.rest.path}`;
  const pathNames = new Set([...route.matchAll(PATH_PARAMETER)].map((match) => match[1] ?? ''));
  const input = jsonSchemaOf(operation.input, 'input');
  const required = new Set(input.required ?? []);
  const parameters = Object.entries(input.properties ?? {}).map(([name, schema]): ParameterDoc => {
    const property = typeof schema === 'boolean' ? {} : schema;
    return {
      name,
      location: pathNames.has(name) ? 'path' : method === 'GET' ? 'query' : 'body',
      required: pathNames.has(name) || required.has(name),
      type: typeLabel(property),
      constraints: constraintsOf(property),
      description: property.description ?? null,
      schema: property,
    };
  });
  return {
    operation,
    method,
    path: route.replace(PATH_PARAMETER, '{$1}'),
    body: method === 'GET' ? null : withoutProperties(input, pathNames),
    output: jsonSchemaOf(operation.output, 'output'),
    parameters,
    errors: errorGroups(operation),
  };
}

/**
 * The operation's own error codes plus those the shell and the gates add (authentication, the scope
 * gate's FORBIDDEN, malformed JSON, the cookie CSRF refusal, the per-address limit, validation, internal errors),
 * grouped by status, and the statuses the transport answers itself (405, 413, 415); soft codes are
 * successes and left out.
 */
export function errorGroups(operation: AnyOperation): ErrorGroup[] {
  const authenticated = operation.access !== 'public';
  const hasBody = operation.rest.method !== 'GET';
  const scoped = authenticated && TOOL_SCOPES[operation.name] !== null;
  const shared: ErrorCode[] = [
    ...(authenticated ? (['UNAUTHORIZED', 'SESSION_INVALID', 'SERVER_MISCONFIGURED'] as const) : []),
    ...(hasBody ? (['BAD_REQUEST'] as const) : []),
    ...(authenticated && (hasBody || scoped) ? (['FORBIDDEN'] as const) : []),
    'RATE_LIMITED',
    'VALIDATION_ERROR',
    'INTERNAL_ERROR',
  ];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...operation.errors, ...shared])) {
    const status = statusOf(code);
    if (status < 400) continue;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const transport = TRANSPORT_ERRORS.filter((group) => hasBody || !group.forBodies).map(({ status, codes, reason }): ErrorGroup => ({ status, codes, reason }));
  return [...[...byStatus].map(([status, codes]): ErrorGroup => ({ status, codes })), ...transport].sort((a, b) => a.status - b.status);
}

function withoutProperties(schema: JsonSchema, names: ReadonlySet<string>): JsonSchema {
  if (names.size === 0 || schema.properties === undefined) return schema;
  return {
    ...schema,
    properties: Object.fromEntries(Object.entries(schema.properties).filter(([name]) => !names.has(name))),
    required: (schema.required ?? []).filter((name) => !names.has(name)),
  };
}
