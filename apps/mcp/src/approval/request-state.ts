import { createHmac, randomBytes } from 'node:crypto';
import { createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';

/** What the signed `requestState` of a confirm_proposal elicitation carries (readable by the client: no secrets). */
export interface ElicitationState {
  readonly kind: 'confirm_proposal';
  readonly proposalId: string;
  /** Core's single-use nonce for this elicitation (openElicitation / closeElicitation). */
  readonly nonce: string;
  /** Epoch ms on the services' clock: the answer counts only before this (≤ 60 s, never past the proposal). */
  readonly expiresAt: number;
  /** Epoch ms: when the proposal itself expires (what a decline tells the agent). */
  readonly proposalExpiresAt: number;
}

/** What the signed state of a broker-keys URL elicitation carries: the link the person was sent to (not a secret from the caller: it is their answer). */
export interface KeysLinkState {
  readonly kind: 'broker_keys';
  readonly url: string;
  readonly expiresAt: string;
}

export type SignedState = ElicitationState | KeysLinkState;

/** What the verify hook hands the handler: the verified state, or why it is not one. */
export type VerifiedState = { readonly ok: true; readonly state: SignedState } | { readonly ok: false; readonly reason: string };

/** The signature's own lifetime (wall clock) for a confirm; its `expiresAt` (services' clock) is checked besides. */
export const STATE_TTL_SECONDS = 60;

/** A person may take the broker-keys link's whole life (15 minutes) on condor's page before saying done. */
const KEYS_STATE_TTL_SECONDS = 15 * 60;

/** One key per process when the deployment gives none: enough for stdio, where one process serves every round. */
const PROCESS_KEY = randomBytes(32);

/**
 * The requestState key derived from the token signing key (domain-separated, so the signing key itself
 * never signs anything but tokens). Every instance behind a load balancer derives the same one.
 *
 * @example
 * createMcpHttpHandler(services, { batches, requestStateKey: deriveRequestStateKey(signingKey) });
 */
export const deriveRequestStateKey = (signingKey: Uint8Array): Uint8Array =>
  createHmac('sha256', signingKey).update('condor/mcp/request-state/v1').digest();

const isState = (value: unknown): value is SignedState => {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown>;
  if (state.kind === 'broker_keys') return typeof state.url === 'string' && typeof state.expiresAt === 'string';
  return (
    state.kind === 'confirm_proposal' &&
    typeof state.proposalId === 'string' &&
    typeof state.nonce === 'string' &&
    typeof state.expiresAt === 'number' &&
    typeof state.proposalExpiresAt === 'number'
  );
};

/** Signs and verifies the elicitation state of one server. */
export interface StateCodec {
  mint(state: SignedState, ctx: ServerContext): Promise<string>;
  /**
   * For `ServerOptions.requestState.verify`: never throws, so a tampered, expired or foreign state reaches the
   * handler as `{ ok: false }` and is answered with an ErrorResult rather than a bare protocol error.
   */
  verify(wire: string, ctx: ServerContext): Promise<VerifiedState>;
}

/**
 * A codec whose states are bound to `principal(ctx)` (the user the request acts for): a state minted for one
 * user is refused when another echoes it. A confirm's state lives 60 s, a keys link's 15 minutes (the
 * expiry is sealed into each state, so one verifier serves both).
 */
export function stateCodec(key: Uint8Array | string | undefined, principal: (ctx: ServerContext) => string): StateCodec {
  const options = { key: key ?? PROCESS_KEY, bind: (ctx: ServerContext) => `tools/call\0${principal(ctx)}` };
  const confirms = createRequestStateCodec<SignedState>({ ...options, ttlSeconds: STATE_TTL_SECONDS });
  const keysLinks = createRequestStateCodec<SignedState>({ ...options, ttlSeconds: KEYS_STATE_TTL_SECONDS });
  return {
    mint: (state, ctx) => (state.kind === 'broker_keys' ? keysLinks : confirms).mint(state, ctx),
    verify: async (wire, ctx) => {
      try {
        const state: unknown = await confirms.verify(wire, ctx);
        return isState(state) ? { ok: true, state } : { ok: false, reason: 'shape' };
      } catch (thrown) {
        return { ok: false, reason: thrown instanceof Error ? thrown.message : 'invalid' };
      }
    },
  };
}
