import type { Tool } from '@modelcontextprotocol/server';
import { TOOLS } from '../tools.js';
import { APP_ONLY_META } from './ui-extension.js';

/** The tools only the ticket view calls: a person's Approve or Reject on the ticket. */
export const APP_TOOL_NAMES = ['approve_proposal', 'reject_proposal'] as const;

export type AppToolName = (typeof APP_TOOL_NAMES)[number];

const PROPOSAL_INPUT: Tool['inputSchema'] = {
  type: 'object',
  properties: {
    proposal_id: { type: 'string', format: 'uuid', description: 'The proposal the ticket shows.' },
  },
  required: ['proposal_id'],
  additionalProperties: false,
};

const confirmOutput = TOOLS.find((tool) => tool.name === 'confirm_proposal')?.outputSchema;

/**
 * The app-only tools as tools/list shows them to a client that declared MCP Apps. Hosts keep them from the
 * model (`visibility: ['app']`); the server cannot tell who called, so every gate of confirm_proposal still
 * runs, and a deployment can refuse app approvals altogether (`appApprovals: false`).
 */
export const APP_TOOLS: readonly Tool[] = [
  {
    name: 'approve_proposal',
    title: 'Approve a proposal (order ticket only)',
    description:
      "The person's Approve on condor's order ticket: places the proposal's order, recording an app approval. " +
      'Only the ticket view calls it; an agent uses confirm_proposal, which asks the person.',
    inputSchema: PROPOSAL_INPUT,
    ...(confirmOutput === undefined ? {} : { outputSchema: confirmOutput }),
    annotations: { title: 'Approve a proposal', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    _meta: APP_ONLY_META,
  },
  {
    name: 'reject_proposal',
    title: 'Reject a proposal (order ticket only)',
    description: "The person's Reject on condor's order ticket: ends the proposal, and nothing is placed. Only the ticket view calls it.",
    inputSchema: PROPOSAL_INPUT,
    annotations: { title: 'Reject a proposal', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    _meta: APP_ONLY_META,
  },
];
