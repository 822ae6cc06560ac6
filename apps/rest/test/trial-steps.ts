import { expect } from 'vitest';
import type { JsonAnswer } from './server-process.js';

type Send = (method: string, path: string, body?: unknown, token?: string, headers?: Record<string, string>) => Promise<JsonAnswer>;

export interface PositionView {
  readonly position_id: string;
  readonly status: string;
}

/**
 * The REST steps of a kill -9 trial: an entry for the best condor on a ticker and an exit of a position, each in its
 * own batch; a confirm; every position of the person. `dteMax` bounds the entry's search.
 */
export function trialSteps(send: Send, dteMax: number) {
  return {
    proposeEntry: async (token: string, ticker: string): Promise<{ proposalId: string; positionId: string }> => {
      const found = await send('POST', '/v1/iron-condors/search', { ticker, top_k: 1, dte_min: 20, dte_max: dteMax }, token);
      const [candidate] = found.body['candidates'] as unknown[];
      const proposed = await send('POST', '/v1/proposals/entries', { candidate, qty: 1 }, token, { 'x-batch-id': `entry-${ticker}` });
      expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
      return { proposalId: proposed.body['proposal_id'] as string, positionId: proposed.body['position_id'] as string };
    },
    proposeExit: async (token: string, positionId: string): Promise<string> => {
      const proposed = await send('POST', '/v1/proposals/exits', { position_id: positionId }, token, { 'x-batch-id': `exit-${positionId}` });
      expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
      return proposed.body['proposal_id'] as string;
    },
    confirm: (token: string, proposalId: string) => send('POST', `/v1/proposals/${proposalId}/confirmation`, {}, token),
    positions: async (token: string): Promise<PositionView[]> => {
      const listed = await send('GET', '/v1/positions?include_closed=true', undefined, token);
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      return listed.body['positions'] as PositionView[];
    },
  };
}
