import { LEGAL_DOCUMENT_NAMES, legalText, type LegalDocumentName, type RenderedError, type Services, type ToolName } from '@condor/core';
import {
  ResourceNotFoundError,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplateType,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { ExtraResources } from './apps/ticket-resource.js';
import type { Offer } from './offer.js';
import { protocolFailure } from './protocol-failure.js';
import type { ScopedCall } from './scoped-call.js';
import { legalUri, parseUri, RECORD_KINDS, RECORD_TOOLS, recordTemplate, recordUri, type RecordKind } from './resource-uris.js';

export type ReadOutcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: RenderedError };

/** Runs one read of the catalogue as the caller of an MCP request, through `execute` and all its gates. */
export interface Reader {
  /** Whether the request acts for someone: a Bearer token, a login bound to the connection, or the configured token. */
  authenticated(ctx: ServerContext): boolean;
  read(tool: ToolName, input: Readonly<Record<string, unknown>>, ctx: ServerContext): Promise<ReadOutcome>;
}

type Json = Record<string, unknown>;

interface LegalDocument {
  readonly text: string;
  readonly version: string;
  readonly sha256: string;
}

/** How one kind of the caller's records is read, and listed where a tool lists them. */
interface RecordSource {
  readonly input: (id: string) => Json;
  /** The codes that mean the caller has no such record; another user's answers the same (design §10). */
  readonly notFound: readonly string[];
  readonly template: Omit<ResourceTemplateType, 'uriTemplate'>;
  readonly list?: { readonly input: Json; readonly resources: (value: Json) => Resource[] };
}

/** Newest runs resources/list shows; older ones are read through the template. */
const LISTED_RUNS = 20;

const RECORDS: Record<RecordKind, RecordSource> = {
  positions: {
    input: (id) => ({ position_id: id }),
    notFound: ['POSITION_NOT_FOUND', 'INVALID_UUID', 'VALIDATION_ERROR'],
    template: {
      name: 'position',
      title: 'Position',
      description: 'One of your iron condors opened through the service, with live marks: what get_positions answers for position_id={id}.',
      mimeType: 'application/json',
    },
    list: {
      input: {},
      resources: (value) =>
        (value.positions as { position_id: string; ticker: string; expiry: string; qty: number; status: string }[]).map((p) => ({
          uri: recordUri('positions', p.position_id),
          name: `position-${p.position_id}`,
          title: `${p.ticker} ${p.expiry} iron condor ×${String(p.qty)} (${p.status})`,
          mimeType: 'application/json',
        })),
    },
  },
  proposals: {
    input: (id) => ({ proposal_id: id }),
    notFound: ['PROPOSAL_NOT_FOUND', 'INVALID_UUID', 'VALIDATION_ERROR'],
    template: {
      name: 'proposal',
      title: 'Proposal',
      description: 'One of your proposals (propose_entry, propose_roll, propose_exit): what get_proposal answers for proposal_id={id}.',
      mimeType: 'application/json',
    },
  },
  'strategy-runs': {
    input: (id) => ({ run_id: id }),
    notFound: ['NO_HISTORY', 'INVALID_UUID', 'VALIDATION_ERROR'],
    template: {
      name: 'strategy-run',
      title: 'Strategy run',
      description:
        'One of your create_strategy runs with its inputs and its full result (top_strategies): what get_optimization_history answers for run_id={id}.',
      mimeType: 'application/json',
    },
    list: {
      input: { page_size: LISTED_RUNS },
      resources: (value) =>
        (value.runs as { run_id: string; ticker: string; created_at: string; evaluated: number }[]).map((run) => ({
          uri: recordUri('strategy-runs', run.run_id),
          name: `strategy-run-${run.run_id}`,
          title: `create_strategy ${run.ticker}, ${run.created_at}`,
          description: `${String(run.evaluated)} rule sets backtested.`,
          mimeType: 'application/json',
        })),
    },
  },
};

/**
 * The tool call a read of `uri` goes through (and so the scope it needs), or null for a URI that is none of
 * condor's offered condor:// resources (the MCP Apps ticket view is markup, its data comes through tools).
 */
export function resourceCall(uri: string, offer: Offer): ScopedCall | null {
  const parsed = parseUri(uri);
  if (parsed === null) return null;
  if (parsed.kind === 'legal') return offer.has('get_legal_document') ? { tool: 'get_legal_document', input: { name: parsed.name } } : null;
  const tool = RECORD_TOOLS[parsed.kind];
  return offer.has(tool) ? { tool, input: RECORDS[parsed.kind].input(parsed.id) } : null;
}

const legalResource = (name: LegalDocumentName): Resource => {
  const doc = legalText(name);
  return {
    uri: legalUri(name),
    name,
    title: doc.title,
    mimeType: 'text/markdown',
    description: `Version ${doc.version}. Read with a login, it counts as read for onboarding, exactly as get_legal_document.`,
  };
};

/**
 * Serves condor's resources on `server`: the legal documents, and the caller's positions, proposals and
 * strategy runs as templates. Every read goes through the tool behind it (`execute`, all gates, the
 * caller's own records only); a resource whose tool is outside the offered toolsets does not exist.
 * A legal document read without any credential is served from the shipped text and recorded for
 * nobody (`_meta['condor/read_recorded']` says which). `extra` adds resources of its own (the MCP Apps ticket view).
 */
export function serveResources(server: Server, services: Services, reader: Reader, offer: Offer, extra: ExtraResources): void {
  const legalOffered = offer.has('get_legal_document');
  const offeredKinds = RECORD_KINDS.filter((kind) => offer.has(RECORD_TOOLS[kind]));

  const listRecords = async (kind: RecordKind, ctx: ServerContext): Promise<Resource[]> => {
    const { list } = RECORDS[kind];
    if (list === undefined) return [];
    const outcome = await reader.read(RECORD_TOOLS[kind], list.input, ctx);
    // Not onboarded, no broker linked, no runs yet: nothing of that kind to list.
    return outcome.ok ? list.resources(outcome.value as Json) : [];
  };

  const shipped = (name: LegalDocumentName): LegalDocument => {
    const { text, version } = legalText(name);
    return { text, version, sha256: services.digest.sha256(text) };
  };

  const readAsCaller = async (name: LegalDocumentName, ctx: ServerContext): Promise<LegalDocument> => {
    const outcome = await reader.read('get_legal_document', { name }, ctx);
    if (!outcome.ok) throw protocolFailure(outcome.error);
    return outcome.value as LegalDocument;
  };

  const readLegal = async (uri: string, name: LegalDocumentName, ctx: ServerContext): Promise<ReadResourceResult> => {
    const recorded = reader.authenticated(ctx);
    const doc = recorded ? await readAsCaller(name, ctx) : shipped(name);
    const meta = { 'condor/version': doc.version, 'condor/sha256': doc.sha256, 'condor/read_recorded': recorded };
    return { contents: [{ uri, mimeType: 'text/markdown', text: doc.text, _meta: meta }] };
  };

  const readRecord = async (uri: string, kind: RecordKind, id: string, ctx: ServerContext): Promise<ReadResourceResult> => {
    const source = RECORDS[kind];
    const outcome = await reader.read(RECORD_TOOLS[kind], source.input(id), ctx);
    if (!outcome.ok) throw source.notFound.includes(outcome.error.body.error) ? new ResourceNotFoundError(uri) : protocolFailure(outcome.error);
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(outcome.value) }] };
  };

  server.setRequestHandler('resources/list', async (_request, ctx) => {
    const fixed = [...(legalOffered ? LEGAL_DOCUMENT_NAMES.map(legalResource) : []), ...extra.list(ctx)];
    if (!reader.authenticated(ctx)) return { resources: fixed };
    const records = await Promise.all(offeredKinds.map((kind) => listRecords(kind, ctx)));
    return { resources: [...fixed, ...records.flat()] };
  });

  server.setRequestHandler('resources/templates/list', () => ({
    resourceTemplates: offeredKinds.map((kind) => ({ uriTemplate: recordTemplate(kind), ...RECORDS[kind].template })),
  }));

  server.setRequestHandler('resources/read', (request, ctx) => {
    const { uri } = request.params;
    const served = extra.read(uri, ctx);
    if (served !== null) return served;
    const parsed = parseUri(uri);
    if (parsed?.kind === 'legal' && legalOffered) return readLegal(uri, parsed.name, ctx);
    if (parsed !== null && parsed.kind !== 'legal' && offeredKinds.includes(parsed.kind)) return readRecord(uri, parsed.kind, parsed.id, ctx);
    throw new ResourceNotFoundError(uri);
  });
}
