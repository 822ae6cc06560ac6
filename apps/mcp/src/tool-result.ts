import type { ErrorResult } from '@condor/core';
import type { CallToolResult } from '@modelcontextprotocol/server';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A successful call: the value as structured content and as one JSON text block. */
export const toolSuccess = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  ...(isRecord(value) ? { structuredContent: value } : {}),
});

/** A failed call: `isError`, the ErrorResult as structured content and the same JSON as text. */
export const toolFailure = (body: ErrorResult): CallToolResult => ({
  isError: true,
  structuredContent: { ...body },
  content: [{ type: 'text', text: JSON.stringify(body) }],
});
