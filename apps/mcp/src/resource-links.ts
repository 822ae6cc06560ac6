import type { ToolName } from '@condor/core';
import type { ResourceLink } from '@modelcontextprotocol/server';
import type { Offer } from './offer.js';
import { RECORD_TOOLS, recordUri, type RecordKind } from './resource-uris.js';
import { resourceLink } from './sdk-mirror/tool-result.js';

type Json = Record<string, unknown>;

/** A record an answer names. */
interface Named {
  readonly kind: RecordKind;
  readonly id: unknown;
  readonly title: string;
}

const items = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((item): item is Json => typeof item === 'object' && item !== null) : []);

const proposal = (value: Json): Named[] => [{ kind: 'proposals', id: value.proposal_id, title: 'The proposal, as get_proposal shows it' }];

/** The records each tool's answer names. */
const NAMED: Partial<Record<ToolName, (value: Json) => Named[]>> = {
  // The run's full backtest table stays readable later without running the optimizer again.
  create_strategy: (value) => [{ kind: 'strategy-runs', id: value.run_id, title: `The ${String(value.ticker)} run with its inputs and full result` }],
  propose_entry: proposal,
  propose_roll: proposal,
  propose_exit: proposal,
  execute_iron_condor_autoroll: (value) => items(value.proposals).flatMap(proposal),
  confirm_proposal: (value) => [{ kind: 'positions', id: value.position_id, title: 'The position the order acts on, with live marks' }],
  get_positions: (value) =>
    items(value.positions).map((p) => ({ kind: 'positions', id: p.position_id, title: `${String(p.ticker)} ${String(p.expiry)} iron condor` })),
};

/**
 * The `resource_link`s a successful call's result carries beside its JSON: the records its answer
 * names (a strategy run, proposals, positions) as condor:// resources, so an agent can read one again
 * without repeating the call. None for a record whose tool is outside the offered toolsets.
 *
 * @example
 * linksOf('propose_entry', { proposal_id: 'p1', … }, offer); // [{ type: 'resource_link', uri: 'condor://proposals/p1', … }]
 */
export function linksOf(tool: string, value: unknown, offer: Offer): ResourceLink[] {
  const named = NAMED[tool as ToolName];
  if (named === undefined || typeof value !== 'object' || value === null) return [];
  return named(value as Json).flatMap(({ kind, id, title }) =>
    typeof id === 'string' && offer.has(RECORD_TOOLS[kind]) ? [resourceLink({ name: `${kind}/${id}`, title, uri: recordUri(kind, id), mimeType: 'application/json' })] : [],
  );
}
