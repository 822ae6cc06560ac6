import type * as v from 'valibot';
import type { ResultAsync } from 'neverthrow';
import type { AppError } from '../errors/app-error.js';
import type { Tier } from '../ports/user-store.js';
import type { Scope } from '../scopes/scopes.js';
import type { TierRules } from '../tiers/tier-rules.js';
import type { Services } from '../services.js';
import type { FieldRules } from '../validation/field-rules.js';
import type { ToolName } from './tool-names.js';

/** Who may call: anyone, a logged-in user, or a logged-in user who finished onboarding. */
export type Access = 'public' | 'user' | 'trading';

/** How a caller authenticated: a password session's access token, an API key, or an OAuth access token. */
export type CredentialKind = 'session' | 'api_key' | 'oauth';

/** The authenticated caller, as the gates and handlers see it. */
export interface Caller {
  readonly userId: string;
  readonly email: string;
  readonly tier: Tier;
  /** The session (refresh-token family) of a token; for an API key, the key's id. */
  readonly sessionId: string;
  readonly credential: CredentialKind;
  /** What the credential may do: every scope for a password session; an API key's or an OAuth token's own. */
  readonly scopes: ReadonlySet<Scope>;
}

/** What a handler gets besides its validated input; public operations have no caller. */
export interface HandlerContext<A extends Access = Access> {
  readonly services: Services;
  readonly caller: A extends 'public' ? null : Caller;
  readonly requestId: string;
  readonly batchKey: string | null;
  /** The client's address as the transport saw it (login throttling), or null. */
  readonly clientIp: string | null;
  /** Reports how far long work has got, when the caller asked to hear (an MCP progress token); else null. */
  readonly progress: ProgressReporter | null;
  /** The client program (MCP client name/version or browser user agent), or null. */
  readonly client: string | null;
  /** A person's approval the shell obtained for this call, or null (the agent's own call). */
  readonly approval: ShellApproval | null;
  /**
   * Set when a person made this call on condor's own pages, not an agent through a credential (design §18: a late
   * approval is a new proposal made by the person); a proposal it makes records them as its maker. Absent or null:
   * the caller's own call.
   */
  readonly person?: PersonCall | null;
}

/** A call a person made on condor's pages: today only "Get a fresh quote" of an expired proposal. */
export interface PersonCall {
  /** The expired proposal this call quotes again. */
  readonly freshQuoteOf: string;
}

/** An approval a shell obtained from a person: an MCP App ticket's Approve, or an accepted elicitation. */
export interface ShellApproval {
  readonly method: 'app' | 'elicitation';
  /** The client that showed it to the person, when it differs from the call's own. */
  readonly client?: string | null;
}

/** Tells the caller `done` of `total` units of work are finished; resolves once the report is on its way. */
export type ProgressReporter = (done: number, total: number, message: string) => Promise<void>;

/** What a successful call does to the transport session (a REST cookie, an MCP session binding). */
export type SessionEffect =
  | { readonly kind: 'issued'; readonly accessToken: string; readonly expiresInSeconds: number }
  | { readonly kind: 'ended' };

/** Hints for MCP clients (never enforcement). */
export interface ToolAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

export type InputSchema = v.GenericSchema<unknown, unknown>;

/** One tool: the single definition both shells are generated from. */
export interface Operation<TInput extends InputSchema = InputSchema, TOutput = unknown, A extends Access = Access> {
  readonly name: ToolName;
  readonly title: string;
  readonly description: string;
  readonly input: TInput;
  readonly output: v.GenericSchema<unknown, TOutput>;
  readonly access: A;
  /** Needs an active broker link (gate 5). */
  readonly needsBroker: boolean;
  /** Which parameters and values the free tier may use (gate 3); absent: all free. */
  readonly tier?: TierRules;
  /** Counted against the free tier's daily quota (gate 6). */
  readonly quota: boolean;
  readonly rest: { readonly method: 'GET' | 'POST' | 'DELETE'; readonly path: string };
  readonly annotations: ToolAnnotations;
  /** Parameter-specific error codes beyond the shared ones. */
  readonly fieldRules?: FieldRules;
  /** Validation beyond the schema that needs its own codes (gate 2, before any other gate); null admits. */
  validate?(input: v.InferOutput<TInput>): AppError | null;
  /** The statuses of the errors this operation can answer with, for documentation. */
  readonly errors: readonly AppError['code'][];
  sessionEffect?(output: TOutput): SessionEffect;
  /** Runs after every gate admitted the call; its input is already validated. */
  handler(input: v.InferOutput<TInput>, ctx: HandlerContext<A>): ResultAsync<TOutput, AppError>;
}

/** Defines an operation with its input and output types inferred from the schemas. */
export const defineOperation = <TInput extends InputSchema, TOutput, A extends Access>(
  operation: Operation<TInput, TOutput, A>,
): Operation<TInput, TOutput, A> => operation;

/** An operation of any input, output and access, as the catalogue holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers are contravariant in their input; the catalogue validates before calling
export type AnyOperation = Operation<InputSchema, any>;

export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

export const WRITE: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};
