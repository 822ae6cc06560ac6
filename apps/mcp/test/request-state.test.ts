import { ERROR_RESULT_KEYS } from '@condor/core';
import type { TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import type { McpHttpHandler } from '../src/index.js';
import { FORM_ELICITATION, humanServices, ordersOf, proposalOf, proposer, type Proposer } from './approval-world.js';
import { rawToolCall, type RpcResponse } from './mcp-http.js';
import { httpHandlerFor } from './support.js';
import { tokenFor } from './trading-world.js';

const APPROVE = { approve: { action: 'accept', content: { approve: true } } };
const DECLINE = { approve: { action: 'decline' } };

/** One raw 2026-07-28 confirm_proposal round, as a client that takes form elicitation sends it. */
const confirmRound = (handler: McpHttpHandler, token: string, proposalId: string, retry: Record<string, unknown> = {}): Promise<RpcResponse> =>
  rawToolCall(handler, 'modern', { name: 'confirm_proposal', arguments: { proposal_id: proposalId }, ...retry }, token, FORM_ELICITATION);

/** Round 1: the question, and the signed state its answer must come back with. */
async function firstRound(handler: McpHttpHandler, who: Proposer): Promise<string> {
  const answer = await confirmRound(handler, who.token, who.proposalId);
  expect(answer.error).toBeUndefined();
  expect(answer.result).toMatchObject({ resultType: 'input_required', inputRequests: { approve: { method: 'elicitation/create' } } });
  const state = answer.result?.requestState;
  expect(typeof state).toBe('string');
  return state as string;
}

/** Asserts an ErrorResult with `code` (the seven keys) and returns it. */
function toolError(answer: RpcResponse, code: string): Record<string, unknown> {
  expect(answer.error).toBeUndefined();
  expect(answer.result?.isError).toBe(true);
  const body = answer.result?.structuredContent ?? {};
  expect(Object.keys(body).sort()).toEqual([...ERROR_RESULT_KEYS].sort());
  expect(body.error).toBe(code);
  return body;
}

const expectNothingPlaced = async (services: TestServices, who: Proposer): Promise<void> => {
  expect(ordersOf(services, who.userId)).toBe(0);
  expect((await proposalOf(who)).status).toBe('awaiting_confirmation');
};

describe('the 2026-07-28 elicitation state (signed, bound, single use)', () => {
  it('is answered once: a replay of a declined question with an approval is refused and places nothing', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const handler = httpHandlerFor(services);
    const state = await firstRound(handler, ann);

    expect(toolError(await confirmRound(handler, ann.token, ann.proposalId, { requestState: state, inputResponses: DECLINE }), 'CONFIRM_BLOCKED').message).toContain('declined');
    const replay = toolError(await confirmRound(handler, ann.token, ann.proposalId, { requestState: state, inputResponses: APPROVE }), 'CONFIRM_BLOCKED');

    expect(replay.message).toContain('already answered');
    await expectNothingPlaced(services, ann);
  });

  it('places one order for an approval, and a replay of that approval is refused', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const handler = httpHandlerFor(services);
    const state = await firstRound(handler, ann);

    const placed = await confirmRound(handler, ann.token, ann.proposalId, { requestState: state, inputResponses: APPROVE });
    expect(placed.result?.isError ?? false).toBe(false);
    expect(placed.result?.structuredContent).toMatchObject({ proposal_id: ann.proposalId });
    toolError(await confirmRound(handler, ann.token, ann.proposalId, { requestState: state, inputResponses: APPROVE }), 'CONFIRM_BLOCKED');

    expect(ordersOf(services, ann.userId)).toBe(1);
    expect((await proposalOf(ann)).approval).toMatchObject({ method: 'elicitation', client: 'raw/1' });
  });

  it('refuses a tampered state with an ErrorResult, not a protocol error, and places nothing', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const handler = httpHandlerFor(services);
    const state = await firstRound(handler, ann);
    const [version = '', body = '', mac = ''] = state.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { p: Record<string, unknown> };
    const forged = `${version}.${Buffer.from(JSON.stringify({ ...payload, p: { ...payload.p, expiresAt: Number.MAX_SAFE_INTEGER } })).toString('base64url')}.${mac}`;

    const refused = toolError(await confirmRound(handler, ann.token, ann.proposalId, { requestState: forged, inputResponses: APPROVE }), 'CONFIRM_BLOCKED');

    expect(refused.message).toContain('not accepted');
    await expectNothingPlaced(services, ann);
  });

  it('refuses a state echoed by another user, or for another proposal', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const handler = httpHandlerFor(services);
    const state = await firstRound(handler, ann);
    const bob = await tokenFor(services, 'bob@example.com');

    toolError(await confirmRound(handler, bob, ann.proposalId, { requestState: state, inputResponses: APPROVE }), 'CONFIRM_BLOCKED');
    const other = toolError(
      await confirmRound(handler, ann.token, '00000000-0000-4000-8000-000000000000', { requestState: state, inputResponses: APPROVE }),
      'CONFIRM_BLOCKED',
    );

    expect(other.message).toContain('another proposal');
    await expectNothingPlaced(services, ann);
  });

  it('refuses a state minted for another tool: a confirm question does not answer the keys link, nor the other way', async () => {
    const services = humanServices({ publicUrl: 'https://condor.example' });
    const ann = await proposer(services);
    const handler = httpHandlerFor(services);
    const confirmState = await firstRound(handler, ann);
    const keysRound = await rawToolCall(handler, 'modern', { name: 'get_broker_keys_link', arguments: {} }, ann.token, { elicitation: { url: {} } });
    const keysState = keysRound.result?.requestState;
    expect(keysRound.result).toMatchObject({ resultType: 'input_required', inputRequests: { broker_keys: { params: { mode: 'url' } } } });

    const keysAnswer = { broker_keys: { action: 'accept' } };
    toolError(await rawToolCall(handler, 'modern', { name: 'get_broker_keys_link', arguments: {}, requestState: confirmState, inputResponses: keysAnswer }, ann.token, { elicitation: { url: {} } }), 'CONFIRM_BLOCKED');
    toolError(await confirmRound(handler, ann.token, ann.proposalId, { requestState: keysState, inputResponses: APPROVE }), 'CONFIRM_BLOCKED');
    const linked = await rawToolCall(handler, 'modern', { name: 'get_broker_keys_link', arguments: {}, requestState: keysState, inputResponses: keysAnswer }, ann.token, { elicitation: { url: {} } });

    expect(linked.result?.structuredContent).toMatchObject({ url: expect.stringMatching(/^https:\/\/condor\.example\/broker-keys\//), next_tool: 'connect_broker' });
    await expectNothingPlaced(services, ann);
  });

  it('refuses an answer that comes after its time, and the proposal stays as it was', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const handler = httpHandlerFor(services);
    const state = await firstRound(handler, ann);
    services.clock.advance(56_000); // the proposal is 61 s old: its question, never longer than the proposal, is over

    toolError(await confirmRound(handler, ann.token, ann.proposalId, { requestState: state, inputResponses: APPROVE }), 'CONFIRM_BLOCKED');

    expect(ordersOf(services, ann.userId)).toBe(0);
  });

  it('asks nothing of a 2026 client that did not declare elicitation: CONFIRM_BLOCKED naming the approval link', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const answer = await rawToolCall(httpHandlerFor(services), 'modern', { name: 'confirm_proposal', arguments: { proposal_id: ann.proposalId } }, ann.token, {});

    expect(toolError(answer, 'CONFIRM_BLOCKED').message).toContain('/approve/');
    await expectNothingPlaced(services, ann);
  });
});
