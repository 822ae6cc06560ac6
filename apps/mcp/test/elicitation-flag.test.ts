import type * as Core from '@condor/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answering, FORM_ELICITATION, humanServices, ordersOf, proposer } from './approval-world.js';
import { connectHttp, expectToolError, expectToolOk, httpHandlerFor } from './support.js';

// The shell's `execute` with the person-required refusal changed on its way out, as a rewording in core would change it.
const refusal = vi.hoisted(() => ({ change: (error: Core.RenderedError): Core.RenderedError => error }));

vi.mock('@condor/core', async (importOriginal) => {
  const core = await importOriginal<typeof Core>();
  const execute: typeof core.execute = async (...args) => (await core.execute(...args)).mapErr((error) => refusal.change(error));
  return { ...core, execute };
});

const personRequired = (error: Core.RenderedError): boolean => error.personApproval !== null;

afterEach(() => {
  refusal.change = (error) => error;
});

describe('confirm_proposal decides to ask the person on the flag core sets, never on its words', () => {
  it('still asks, and places on approval, when the refusal is worded differently', async () => {
    refusal.change = (error) =>
      personRequired(error) ? { ...error, body: { ...error.body, message: 'Someone has to say yes first.', expected: 'a yes from a human' } } : error;
    const services = humanServices();
    const ann = await proposer(services);
    const client = await connectHttp(httpHandlerFor(services), 'modern', FORM_ELICITATION);
    client.bearer = ann.token;
    const asked = answering(client, { action: 'accept', content: { approve: true } });

    expectToolOk(await client.call('confirm_proposal', { proposal_id: ann.proposalId }));

    expect(asked).toHaveLength(1);
    expect(ordersOf(services, ann.userId)).toBe(1);
  });

  it('does not ask when the words ask for a person but the flag says only the approval page counts', async () => {
    refusal.change = (error) => (personRequired(error) ? { ...error, personApproval: 'page' } : error);
    const services = humanServices();
    const ann = await proposer(services);
    const client = await connectHttp(httpHandlerFor(services), 'modern', FORM_ELICITATION);
    client.bearer = ann.token;
    const asked = answering(client, { action: 'accept', content: { approve: true } });

    const refused = expectToolError(await client.call('confirm_proposal', { proposal_id: ann.proposalId }), 'CONFIRM_BLOCKED');

    expect(refused.expected).toBe("a person's approval: the approval page, an MCP App ticket or an elicitation");
    expect(asked).toHaveLength(0);
    expect(ordersOf(services, ann.userId)).toBe(0);
  });
});
