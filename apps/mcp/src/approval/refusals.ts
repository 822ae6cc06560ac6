import { appError, CONFIRM_FLOOR_S, ELICITATION_TTL_MS, isoTime, renderError, type ErrorResult } from '@condor/core';

const received = (proposalId: string | null): Record<string, unknown> => ({ proposal_id: proposalId });

/** The person said no (declined, cancelled, or answered without approving): nothing is placed. */
export function declined(proposalId: string, client: string | null, proposalExpiresAt: number): ErrorResult {
  const where = client === null ? 'their MCP client' : client;
  return renderError(
    appError('CONFIRM_BLOCKED', {
      message:
        `The person declined this order when ${where} asked them: nothing was placed. The proposal stays open until it ` +
        `expires at ${isoTime(proposalExpiresAt)}; a later confirm_proposal asks them again.`,
      suggestion: 'Do not place it another way: ask the user what they want instead, or let the proposal expire.',
      expected: "the person's approval",
      received: received(proposalId),
    }),
  ).body;
}

/**
 * The answer to an elicitation could not be trusted: its signed state was altered, has expired, was minted for
 * another user or proposal, or was already used once. Nothing was placed.
 */
export function answerRefused(proposalId: string | null, why: string): ErrorResult {
  return renderError(
    appError('CONFIRM_BLOCKED', {
      message: `This approval answer was not accepted (${why}): nothing was placed.`,
      suggestion: `Call confirm_proposal again to ask the person again; each question can be answered once, within ${String(ELICITATION_TTL_MS / 1000)} seconds.`,
      expected: 'the answer to the latest approval question for this proposal, from the same user, within its time',
      received: received(proposalId),
    }),
  ).body;
}

/** Asked before the 5 s floor: the person is not asked a question whose yes could not place anything yet. */
export function tooEarly(proposalId: string, seconds: number): ErrorResult {
  return renderError(
    appError('CONFIRM_TOO_FAST', {
      message:
        `Confirmation arrived less than ${String(CONFIRM_FLOOR_S)} seconds after the proposal; it can be confirmed in ${String(seconds)} s. ` +
        'Then confirm_proposal asks the person to approve it.',
      received: received(proposalId),
      retryAfterSeconds: seconds,
    }),
  ).body;
}
