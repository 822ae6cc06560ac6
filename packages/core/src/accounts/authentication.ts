import { ResultAsync, type Result } from 'neverthrow';
import type { AppError } from '../errors/app-error.js';
import type { Caller } from '../operations/operation.js';
import type { Services } from '../services.js';
import { authenticate } from './authenticate.js';

/** One credential's authentication, run at most once however often it is asked for. */
export type Authentication = () => ResultAsync<Caller, AppError>;

/**
 * The authentication of `credential`, started on first use and then shared: a shell that must know the caller
 * before `execute` runs (the MCP endpoint's scope challenge over HTTP) hands it on as `ExecuteContext.authenticated`,
 * so one request looks its credential up once.
 *
 * @example
 * const who = authentication(bearer, services);
 * const caller = await who(); // looks the credential up
 * await execute(tool, input, { services, credential: bearer, authenticated: who, requestId, batchKey }); // does not again
 */
export function authentication(credential: string | null, services: Services): Authentication {
  let started: Promise<Result<Caller, AppError>> | null = null;
  return () => {
    started ??= Promise.resolve(authenticate(credential, services));
    return new ResultAsync(started);
  };
}
