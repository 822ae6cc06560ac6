import type { ErrorResult } from '@condor/core';
import type { CallToolResult, ResourceLink } from '@modelcontextprotocol/server';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/*
 * Every object here is built in the key order of the SDK's result schema, which the SDK path re-serialises results
 * in: the direct path then writes the same bytes with no reordering step of its own.
 */

/** A successful call: the value as structured content and as one JSON text block, then links to the records it names. */
export const toolSuccess = (value: unknown, links: readonly ResourceLink[] = []): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value) }, ...links],
  ...(isRecord(value) ? { structuredContent: value } : {}),
});

/** A failed call: the ErrorResult as JSON text and as structured content, and `isError`. */
export const toolFailure = (body: ErrorResult): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(body) }],
  structuredContent: { ...body },
  isError: true,
});

/** A `resource_link` content block. */
export const resourceLink = (link: { readonly name: string; readonly title: string; readonly uri: string; readonly mimeType: string }): ResourceLink => ({
  name: link.name,
  title: link.title,
  uri: link.uri,
  mimeType: link.mimeType,
  type: 'resource_link',
});
