import { DEFAULT_CORE_CONFIG, type CoreConfig } from '@condor/core';
import { AGENT_CONFIRMS } from '@condor/testkit';
import { describe, expect, it, vi } from 'vitest';
import { MCP_APPS } from '../approval-world.js';
import { rawRequest } from '../mcp-http.js';
import { ERAS, type Era } from '../support.js';
import { CANDIDATE, tradingServices } from '../trading-world.js';
import { directAnswers } from './direct-counter.js';
import { ask, worldOf, type Answer, type Caller, type Path, type World } from './differential.js';

vi.mock('../../src/direct/direct-path.js', async (original) => (await import('./direct-counter.js')).counting(await original()));

/**
 * The shell tools (confirm_proposal, get_broker_keys_link, the ticket's approve and reject) on the direct path answer
 * what the SDK answers, byte for byte, in both eras and under both approval policies: a world served with the direct
 * path and its twin forced through the SDK take the same calls in the same order. Every call here needs nothing from
 * its client (no elicitation declared, or a 2025 request, which a stateless server cannot ask), so the direct world
 * answers each one itself; a call that could ask its client goes to the SDK in both.
 */

const POLICIES: readonly (readonly [string, CoreConfig])[] = [
  ['the agent’s confirm places (CONDOR_APPROVAL=confirm)', { ...AGENT_CONFIRMS, publicUrl: 'https://condor.example' }],
  ['a person approves every order', { ...DEFAULT_CORE_CONFIG, publicUrl: 'https://condor.example' }],
];

interface Twins {
  readonly worlds: Record<Path, World>;
  /** Sends one call to both twins; says which path the direct world took, and whether the answers agreed. */
  call(name: string, args: unknown, options?: { caller?: Caller; capabilities?: Record<string, unknown> }): Promise<{ path: Path; answer: Answer }>;
}

async function twins(era: Era, config: CoreConfig): Promise<Twins> {
  const worlds = { direct: await worldOf('direct', {}, tradingServices(config), true), sdk: await worldOf('sdk', {}, tradingServices(config), true) };
  return {
    worlds,
    call: async (name, args, { caller = 'user', capabilities = {} } = {}) => {
      const request = () => rawRequest(era, 'tools/call', { name, arguments: args }, undefined, capabilities);
      const before = directAnswers.count;
      const direct = await ask(worlds.direct, request, caller);
      const path: Path = directAnswers.count > before ? 'direct' : 'sdk';
      expect(direct, `${name} ${JSON.stringify(args)}`).toEqual(await ask(worlds.sdk, request, caller));
      return { path, answer: direct };
    },
  };
}

const contentOf = (answer: Answer): Record<string, unknown> =>
  (JSON.parse(answer.body) as { result: { structuredContent: Record<string, unknown> } }).result.structuredContent;

const codeOf = (answer: Answer): unknown => contentOf(answer).error ?? null;

const advance = (twins: Twins, ms: number): void => {
  for (const world of Object.values(twins.worlds)) world.services.clock.advance(ms);
};

describe.each(ERAS)('the shell tools on the direct path, %s era', (era) => {
  it.each(POLICIES)('confirm_proposal answers as the SDK does when %s', async (_policy, config) => {
    const t = await twins(era, config);
    const proposalId = contentOf((await t.call('propose_entry', { candidate: CANDIDATE, qty: 1 })).answer).proposal_id;
    const calls = [
      ['confirm_proposal', { proposal_id: proposalId }],
      ['confirm_proposal', {}],
      ['confirm_proposal', [1, 2]],
      ['confirm_proposal', { proposal_id: 'not-a-uuid' }],
      ['confirm_proposal', { proposal_id: '7a1f8a4e-3b2c-4d6e-8f90-123456789abc' }],
    ] as const;
    const codes: unknown[] = [];
    for (const [name, args] of calls) {
      const { path, answer } = await t.call(name, args);
      expect(path).toBe('direct');
      codes.push(codeOf(answer));
    }
    advance(t, 5_000);
    const { path, answer } = await t.call('confirm_proposal', { proposal_id: proposalId });
    expect(path).toBe('direct');
    codes.push(codeOf(answer));
    // A second confirm of the same proposal: placed already, or still waiting for a person.
    codes.push(codeOf((await t.call('confirm_proposal', { proposal_id: proposalId })).answer));
    const placed = config.approvalPolicy === 'confirm';
    expect(codes).toEqual([
      // In the batch of the call that proposed it (design §5), under either policy.
      'CONFIRM_BLOCKED',
      'VALIDATION_ERROR',
      'VALIDATION_ERROR',
      'INVALID_UUID',
      'PROPOSAL_NOT_FOUND',
      placed ? null : 'CONFIRM_BLOCKED',
      placed ? expect.anything() : 'CONFIRM_BLOCKED',
    ]);
  });

  it('confirm_proposal refuses a caller without a credential or without the trade scope as the SDK does', async () => {
    const t = await twins(era, AGENT_CONFIRMS);
    for (const caller of ['nobody', 'read_key', 'stale'] as const) {
      const { path, answer } = await t.call('confirm_proposal', { proposal_id: '7a1f8a4e-3b2c-4d6e-8f90-123456789abc' }, { caller });
      expect([caller, path]).toEqual([caller, 'direct']);
      expect(codeOf(answer)).not.toBeNull();
    }
  });

  it('get_broker_keys_link answers the link as the SDK does', async () => {
    const t = await twins(era, { ...DEFAULT_CORE_CONFIG, publicUrl: 'https://condor.example' });
    const { path, answer } = await t.call('get_broker_keys_link', {});
    expect(path).toBe('direct');
    expect(contentOf(answer)).toMatchObject({ url: expect.stringMatching(/^https:\/\/condor\.example\//) as unknown });
    expect((await t.call('get_broker_keys_link', { extra: 1 })).path).toBe('direct');
    expect((await t.call('get_broker_keys_link', {}, { caller: 'nobody' })).path).toBe('direct');
  });

  it('the ticket’s approve and reject answer as the SDK does, to a client that takes MCP Apps and to one that does not', async () => {
    const t = await twins(era, { ...DEFAULT_CORE_CONFIG, publicUrl: 'https://condor.example' });
    const propose = async () => contentOf((await t.call('propose_entry', { candidate: CANDIDATE, qty: 1 })).answer).proposal_id;
    // A 2025 request declares nothing (its initialize went elsewhere): the app-only tools are unknown to it on both paths.
    const apps = era === 'modern' ? MCP_APPS : {};
    const first = await propose();
    advance(t, 5_000);
    const approved = await t.call('approve_proposal', { proposal_id: first }, { capabilities: apps });
    expect(approved.path).toBe('direct');
    const second = await t.call('reject_proposal', { proposal_id: first }, { capabilities: apps });
    expect(second.path).toBe('direct');
    expect((await t.call('reject_proposal', { proposal_id: first, extra: true }, { capabilities: apps })).path).toBe('direct');
    expect((await t.call('approve_proposal', { proposal_id: first })).path).toBe('direct');
    expect(codeOf(approved.answer)).toBe(era === 'modern' ? null : 'NOT_FOUND');
  });
});

describe('a shell tool’s call that could ask its client', () => {
  it.each([
    ['confirm_proposal', { elicitation: { form: {} } }],
    ['confirm_proposal', { elicitation: {} }],
    ['get_broker_keys_link', { elicitation: { url: {} } }],
  ] as const)('%s from a 2026 client declaring %j goes to the SDK in both worlds', async (name, capabilities) => {
    const t = await twins('modern', AGENT_CONFIRMS);
    const before = directAnswers.count;
    const { path } = await t.call(name, { proposal_id: '7a1f8a4e-3b2c-4d6e-8f90-123456789abc' }, { capabilities });
    expect(path).toBe('sdk');
    expect(directAnswers.count).toBe(before);
  });
});
