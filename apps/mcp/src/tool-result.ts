import type { ErrorResult, execute } from '@condor/core';
import type { CallToolResult, ResourceLink } from '@modelcontextprotocol/server';

/** What one `execute` call answers; a tool's `finish` turns it into the call's result. */
export type ExecuteOutcome = Awaited<ReturnType<typeof execute>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A successful call: the value as structured content and as one JSON text block, then links to the records it names. */
export const toolSuccess = (value: unknown, links: readonly ResourceLink[] = []): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value) }, ...links],
  ...(isRecord(value) ? { structuredContent: value } : {}),
});

/** A failed call: the ErrorResult as JSON text and as structured content, and `isError` (in the order the SDK writes them). */
export const toolFailure = (body: ErrorResult): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(body) }],
  structuredContent: { ...body },
  isError: true,
});
