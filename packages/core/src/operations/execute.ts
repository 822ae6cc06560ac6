import * as v from 'valibot';
import { err, errAsync, ok, okAsync, type Result, ResultAsync } from 'neverthrow';
import { authentication, type Authentication } from '../accounts/authentication.js';
import { appError, type AppError } from '../errors/app-error.js';
import { collectSecrets } from '../errors/redact.js';
import { renderError, type RenderedError } from '../errors/render.js';
import { scopeRefusal } from './scope-gate.js';
import type { Services } from '../services.js';
import { checkInputShape } from '../validation/input-shape.js';
import { issuesToAppError, notAnObject } from '../validation/issues-to-error.js';
import { findOperation } from './catalogue.js';
import { linksOfCall } from '../brokers/links-of-call.js';
import { servicesOfPerson } from '../brokers/person-market.js';
import { GATES } from './gates.js';
import type { AnyOperation, Caller, HandlerContext, PersonCall, ProgressReporter, SessionEffect, ShellApproval } from './operation.js';
import { isStoreUnavailable, STORE_RETRY_AFTER_SECONDS } from '../errors/store-unavailable.js';

/** What a shell hands `execute` besides the tool name and the raw input. */
export interface ExecuteContext {
  readonly services: Services;
  /** The Bearer token or session cookie the shell found (a malformed header's raw text included), or null. */
  readonly credential: string | null;
  /** Correlates the call with log lines and the `X-Request-Id` header. */
  readonly requestId: string;
  /** The tool-call batch this call belongs to (design §5), or null when the transport has none. */
  readonly batchKey: string | null;
  /** The client's IP address as the transport saw it, or null (stdio). */
  readonly clientIp?: string | null;
  /** Where long work reports progress, when the caller asked for it. */
  readonly progress?: ProgressReporter | null;
  /** The client program: an MCP client's name/version or a browser's user agent, for the approval evidence. */
  readonly client?: string | null;
  /** A person's approval the shell obtained for this call (an MCP App's Approve, an accepted elicitation). */
  readonly approval?: ShellApproval | null;
  /**
   * The authentication of `credential` the shell already started for this request (`authentication(credential, services)`,
   * as the MCP endpoint does to answer a scope challenge over HTTP), so the credential is looked up once.
   */
  readonly authenticated?: Authentication;
  /** Set only by core's own functions acting for a person on condor's pages (a fresh quote), never by a shell. */
  readonly person?: PersonCall | null;
}

export interface ExecuteSuccess {
  readonly operation: AnyOperation;
  readonly value: unknown;
  readonly session: SessionEffect | null;
}

/**
 * Runs one tool call through the gates of design §3 in their fixed order — authentication, scope (§13),
 * validation, tier, onboarding, broker, quota — then the handler. Never throws: every failure,
 * an unexpected exception included, comes back rendered as the contract's ErrorResult.
 *
 * @example
 * const result = await execute('login', { email, password }, { services, credential: null, requestId, batchKey: null });
 * result.match(({ value }) => send(200, value), ({ status, body }) => send(status, body));
 */
export async function execute(
  name: string,
  input: unknown,
  ctx: ExecuteContext,
): Promise<Result<ExecuteSuccess, RenderedError>> {
  let secrets: readonly string[] = [];
  try {
    secrets = collectSecrets(input);
    const operation = findOperation(name);
    if (operation === undefined) return err(renderError(unknownTool(name)));
    const outcome = await runOperation(operation, input, ctx);
    return outcome.match(
      (value) => ok({ operation, value, session: operation.sessionEffect?.(value) ?? null }),
      (error) => err(renderError(error, secrets)),
    );
  } catch (thrown) {
    if (isStoreUnavailable(thrown)) {
      ctx.services.logger.warn('store_unavailable', { request_id: ctx.requestId, tool: name, error: thrown instanceof Error ? thrown.message : String(thrown) });
      return err(
        renderError(
          appError('SERVICE_UNAVAILABLE', {
            message: 'The database is not reachable right now; the call did not complete.',
            suggestion: 'Retry in a few seconds. A confirm retried with the same proposal_id never places twice.',
            retryAfterSeconds: STORE_RETRY_AFTER_SECONDS,
          }),
        ),
      );
    }
    ctx.services.logger.error('unhandled_exception', {
      request_id: ctx.requestId,
      tool: name,
      error: thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown),
    });
    return err(renderError(appError('INTERNAL_ERROR')));
  }
}

/**
 * One call through `execute`'s steps — authentication, scope, validation, the person's market, gates 3–6, the
 * handler — answering the AppError itself, unrendered: for core functions that act for a person through a tool's own
 * steps (a fresh quote runs the propose tool exactly as an agent's call does). Unexpected exceptions are not caught.
 */
export function runOperation(operation: AnyOperation, input: unknown, ctx: ExecuteContext): ResultAsync<unknown, AppError> {
  const caller: ResultAsync<Caller | null, AppError> =
    operation.access === 'public' ? okAsync(null) : (ctx.authenticated ?? authentication(ctx.credential, ctx.services))();
  return caller.andThen((who) => {
    const forbidden = who === null ? null : scopeRefusal(operation.name, input, who);
    if (forbidden !== null) return errAsync(forbidden);
    const tooLarge = checkInputShape(operation.name, input);
    if (tooLarge !== null) return errAsync(tooLarge);
    if (Array.isArray(input)) return errAsync(notAnObject(operation.name, input));
    const parsed = v.safeParse(operation.input, input);
    if (!parsed.success) {
      return errAsync(issuesToAppError(operation.name, operation.input, parsed.issues, operation.fieldRules));
    }
    const invalid = operation.validate?.(parsed.output) ?? null;
    if (invalid !== null) return errAsync(invalid);
    return marketOfCaller(ctx.services, who, operation.needsBroker).andThen((services) => {
      const handlerCtx: HandlerContext = {
        services,
        caller: who,
        requestId: ctx.requestId,
        batchKey: ctx.batchKey,
        clientIp: ctx.clientIp ?? null,
        progress: ctx.progress ?? null,
        client: ctx.client ?? null,
        approval: ctx.approval ?? null,
        person: ctx.person ?? null,
      };
      return passGates(operation, input as Record<string, unknown>, handlerCtx, who).andThen(() =>
        operation.handler(parsed.output, handlerCtx),
      );
    });
  });
}

/**
 * A caller's call prices on the caller's own market (design §17); a public call on the deployment's. A trading call
 * (one that proposes, places or marks) reads the link fresh, once for the whole call (`linksOfCall`: the broker gate
 * and the broker it opens see that read), so what it prices is what it places; a research call may take the link read
 * within the last moment.
 */
function marketOfCaller(services: Services, who: Caller | null, trading: boolean): ResultAsync<Services, never> {
  if (who === null) return okAsync(servicesOfPerson(services, undefined));
  if (!trading) return ResultAsync.fromSafePromise((services.recentBrokerLinks ?? services.brokerLinks).get(who.userId)).map((link) => servicesOfPerson(services, link));
  return ResultAsync.fromSafePromise(services.brokerLinks.get(who.userId)).map((link) =>
    servicesOfPerson({ ...services, brokerLinks: linksOfCall(services.brokerLinks, who.userId, link) }, link),
  );
}

/** Runs the gates in order; `given` is the input as the caller sent it, before defaults were filled in. */
function passGates(
  operation: AnyOperation,
  given: Readonly<Record<string, unknown>>,
  ctx: HandlerContext,
  caller: Caller | null,
): ResultAsync<void, AppError> {
  if (caller === null) return okAsync(undefined);
  const userCtx: HandlerContext<'user'> = { ...ctx, caller };
  return GATES.filter((gate) => gate.applies(operation, userCtx)).reduce<ResultAsync<void, AppError>>(
    (previous, gate) => previous.andThen(() => gate.check({ operation, given, ctx: userCtx })),
    okAsync(undefined),
  );
}

/** The answer to a call of a tool the service does not offer (a shell answers a tool it hides the same way). */
export const unknownTool = (name: string): AppError =>
  appError('NOT_FOUND', {
    message: `Unknown tool '${name.slice(0, 100)}'.`,
    suggestion: 'List the available tools (MCP tools/list, or GET /openapi.json) and call one of those.',
    received: { name: name.slice(0, 100) },
  });
