import type { Services, ShellApproval, ToolName } from '@condor/core';
import type { CallToolResult, InputRequiredResult } from '@modelcontextprotocol/server';
import { confirmWithPerson } from './approval/confirm-with-person.js';
import type { PersonApprovals } from './approval/person-approvals.js';
import type { StateCodec } from './approval/request-state.js';
import { approveOnTicket, rejectOnTicket } from './apps/app-tool-calls.js';
import type { AppToolName } from './apps/app-tools.js';
import { keysLinkByUrl } from './broker-keys-link.js';
import type { ExecuteOutcome } from './call-site.js';
import type { ClientFacts } from './client-facts.js';
import type { AskMode, ClientReach } from './client-reach.js';

/** One call of a shell tool, inside its principal's batch: what the server knows of it and how it runs the tool's operation. */
export interface ShellToolCall {
  readonly services: Services;
  readonly approvals: PersonApprovals;
  readonly codec: StateCodec;
  readonly credential: string | null;
  readonly facts: ClientFacts;
  /** The call's arguments, as the client sent them. */
  readonly args: unknown;
  /** Where the call can ask its client (`reachOf` for the tool's `asks`). */
  readonly reach: ClientReach;
  /** Runs the tool's operation (`ShellTool.runs`) through `execute` for the call's input, with a person's approval when there is one. */
  run(approval?: ShellApproval | null): Promise<ExecuteOutcome>;
  /** The call's answer for an outcome of `run`: the operation's result, with links to the records it names. */
  finish(outcome: ExecuteOutcome): CallToolResult;
}

/** A tool the MCP shell answers itself around `execute` (asking the person, opening a page for them) rather than passing the call straight through. */
export interface ShellTool {
  /** The catalogue operation its `run` executes (the ticket's own tools act through confirm_proposal). */
  readonly runs: ToolName;
  /** Offered only to clients that declared MCP Apps, beside the toolsets (the ticket's own tools); else offered with its toolset. */
  readonly appOnly: boolean;
  /**
   * The elicitation mode the tool may ask its client in, or null when it never asks. A call whose client cannot be
   * asked in that mode (`channelOf`) needs nothing from it and takes the direct path.
   */
  readonly asks: AskMode | null;
  readonly handle: (call: ShellToolCall) => Promise<CallToolResult | InputRequiredResult>;
}

/** The shell tools, one row each; every other offered tool is its operation's `execute`, answered as it is. */
export const SHELL_TOOLS = {
  confirm_proposal: { runs: 'confirm_proposal', appOnly: false, asks: 'form', handle: confirmWithPerson },
  get_broker_keys_link: { runs: 'get_broker_keys_link', appOnly: false, asks: 'url', handle: keysLinkByUrl },
  approve_proposal: { runs: 'confirm_proposal', appOnly: true, asks: null, handle: approveOnTicket },
  reject_proposal: { runs: 'confirm_proposal', appOnly: true, asks: null, handle: rejectOnTicket },
} as const satisfies Record<AppToolName, ShellTool> & Partial<Record<ToolName, ShellTool>>;

/**
 * The shell tool named `name`, or undefined for a plain tool (or no tool at all).
 *
 * @example
 * shellToolOf('approve_proposal')?.runs; // 'confirm_proposal'
 */
export const shellToolOf = (name: string): ShellTool | undefined =>
  Object.hasOwn(SHELL_TOOLS, name) ? SHELL_TOOLS[name as keyof typeof SHELL_TOOLS] : undefined;
