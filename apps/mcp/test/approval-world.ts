import { DEFAULT_CORE_CONFIG, principalOf, type CoreConfig } from '@condor/core';
import { FakeBrokers, type TestServices } from '@condor/testkit';
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/client';
import { expect } from 'vitest';
import { connectHttp, expectToolOk, httpHandlerFor, type Connected } from './support.js';
import { CANDIDATE, onboardAndConnect, tokenFor, tradingServices } from './trading-world.js';

/** A client that takes form-mode elicitation. */
export const FORM_ELICITATION = { elicitation: { form: {} } };

/** A client that declared the MCP Apps extension (HTML views). */
export const MCP_APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

/** Trading services under the default approval policy (a person approves every order), or `config`. */
export const humanServices = (config: Partial<CoreConfig> = {}): TestServices => tradingServices({ ...DEFAULT_CORE_CONFIG, ...config });

/** A user, onboarded with the simulated broker, holding one entry proposal that may be approved now (5 s old). */
export interface Proposer {
  readonly token: string;
  readonly userId: string;
  readonly proposalId: string;
  /** The agent's HTTP client that made the proposal (2026-07-28). */
  readonly agent: Connected;
  /** The proposal's price band as its answer's ticket carried it. */
  readonly band: ProposedBand | null;
}

/** What the tests read of a ticket's band. */
export interface ProposedBand {
  readonly start_price: number;
  readonly worst_price: number;
  readonly words: string;
  readonly walk_words: string;
  readonly approve_words: string;
  readonly rows: readonly { readonly label: string; readonly at_start: string; readonly at_worst: string }[];
}

export async function proposer(services: TestServices, email = 'ann@example.com'): Promise<Proposer> {
  const agent = await connectHttp(httpHandlerFor(services), 'modern');
  const token = await tokenFor(services, email);
  agent.bearer = token;
  await onboardAndConnect(agent);
  const entry = expectToolOk(await agent.call('propose_entry', { candidate: CANDIDATE, qty: 1 }));
  services.clock.advance(5_000);
  const userId = principalOf(token, services)?.slice('user:'.length) ?? '';
  expect(userId).not.toBe('');
  const band = (entry.ticket as { band: ProposedBand | null }).band;
  return { token, userId, proposalId: entry.proposal_id as string, agent, band };
}

/** Orders the user's broker account received. */
export function ordersOf(services: TestServices, userId: string): number {
  if (!(services.brokers instanceof FakeBrokers)) throw new Error('These tests count orders at the fake broker.');
  return services.brokers.allOrders(userId).length;
}

/** The proposal as get_proposal answers it. */
export const proposalOf = async (who: Proposer): Promise<Record<string, unknown>> =>
  expectToolOk(await who.agent.call('get_proposal', { proposal_id: who.proposalId }));

/** Answers every elicitation with `answer`, and keeps the questions it was asked. */
export function answering(client: Connected, answer: ElicitResult): ElicitRequest['params'][] {
  const asked: ElicitRequest['params'][] = [];
  client.client.setRequestHandler('elicitation/create', (request) => {
    asked.push(request.params);
    return answer;
  });
  return asked;
}
