import { LEGAL_DOCUMENT_NAMES, type LegalDocumentName, type ToolName } from '@condor/core';

/** The condor:// resources that stand for one record of the caller's, by the path segment that names them. */
export const RECORD_KINDS = ['positions', 'proposals', 'strategy-runs'] as const;

export type RecordKind = (typeof RECORD_KINDS)[number];

/** The tool that reads one record of each kind: a resource exists where its tool is offered. */
export const RECORD_TOOLS = {
  positions: 'get_positions',
  proposals: 'get_proposal',
  'strategy-runs': 'get_optimization_history',
} as const satisfies Record<RecordKind, ToolName>;

/** What a condor:// URI names, or null for anything else. */
export type ParsedUri = { readonly kind: 'legal'; readonly name: LegalDocumentName } | { readonly kind: RecordKind; readonly id: string };

export const legalUri = (name: LegalDocumentName): string => `condor://legal/${name}`;

export const recordUri = (kind: RecordKind, id: string): string => `condor://${kind}/${encodeURIComponent(id)}`;

/** The URI template of a record kind, as resources/templates/list shows it. */
export const recordTemplate = (kind: RecordKind): string => `condor://${kind}/{id}`;

const URI = /^condor:\/\/([a-z-]+)\/([^/?#]+)$/;

/**
 * Reads a condor:// URI: a legal document by name, or a record kind with its id.
 *
 * @example
 * parseUri('condor://positions/7a1f…'); // { kind: 'positions', id: '7a1f…' }
 */
export function parseUri(uri: string): ParsedUri | null {
  const match = URI.exec(uri);
  if (match === null) return null;
  const [, kind = '', segment = ''] = match;
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return null;
  }
  if (kind === 'legal') return (LEGAL_DOCUMENT_NAMES as readonly string[]).includes(id) ? { kind, name: id as LegalDocumentName } : null;
  return (RECORD_KINDS as readonly string[]).includes(kind) ? { kind: kind as RecordKind, id } : null;
}
