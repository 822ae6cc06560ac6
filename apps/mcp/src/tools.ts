import { CATALOGUE, ERROR_RESULT_JSON_SCHEMA, type AnyOperation } from '@condor/core';
import type { Tool } from '@modelcontextprotocol/server';
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

type ObjectJsonSchema = Tool['inputSchema'];

function objectJsonSchema(schema: v.GenericSchema, what: string): ObjectJsonSchema {
  const converted: Record<string, unknown> = { ...toJsonSchema(schema, { errorMode: 'ignore' }) };
  delete converted.$schema;
  if (converted.type !== 'object') throw new Error(`${what} must be an object schema; MCP requires type 'object'.`);
  return { ...converted, type: 'object' };
}

/**
 * One catalogue entry as an MCP tool. The output schema also admits the ErrorResult because the
 * v1 Client (2025-era agents still run it) validates `structuredContent` against it even when `isError`
 * is set (SDK issue #1943).
 */
function toolOf(operation: AnyOperation): Tool {
  return {
    name: operation.name,
    title: operation.title,
    description: operation.description,
    inputSchema: objectJsonSchema(operation.input, `${operation.name} input`),
    outputSchema: {
      type: 'object',
      anyOf: [objectJsonSchema(operation.output, `${operation.name} output`), ERROR_RESULT_JSON_SCHEMA],
    },
    annotations: { title: operation.title, ...operation.annotations },
  };
}

/** The `tools/list` answer: every operation of the catalogue, in catalogue order. */
export const TOOLS: readonly Tool[] = CATALOGUE.map(toolOf);
