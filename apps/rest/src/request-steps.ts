import type { Logger } from '@condor/core';
import { getPath } from 'hono/utils/url';
import { accessLineStep } from './access-log.js';
import { bodyLimitStep } from './body-limit.js';
import { clientAddressStep } from './client-ip.js';
import { unexpectedError } from './error-handlers.js';
import { addressLimitStep, type AddressLimit } from './rate-limit.js';
import { requestIdStep } from './request-id.js';
import { routeStep, type Routes } from './routes.js';
import type { Entered, Pass, Step } from './step.js';

/** What the steps are made of. */
export interface StepSettings {
  readonly trustedProxies: number;
  readonly bodyLimitBytes: number;
  readonly addressLimit: AddressLimit;
  readonly routes: Routes;
  /** Where the access lines go; null writes none. */
  readonly accessLog: Logger | null;
}

/**
 * The REST shell's one way in (design §20): every request, whatever its path — `/v1`, `/mcp` (every method), the
 * probes, the docs, the pages and OAuth (Hono, one route among the others) — goes through these steps, in this
 * order, and through nothing else, so a step added here is on every surface. The body limit comes before the
 * address limit so that a refused body is not counted, and the address limit before the route so that a request
 * to an unknown address is.
 */
export function requestSteps(settings: StepSettings): readonly Step[] {
  return [
    requestIdStep,
    clientAddressStep(settings.trustedProxies),
    bodyLimitStep(settings.bodyLimitBytes),
    addressLimitStep(settings.addressLimit),
    routeStep(settings.routes),
    accessLineStep(settings.accessLog),
  ];
}

/** The server's entry: answers a request (with the server's bindings as `env`). */
export type Serve = (request: Request, env?: unknown) => Response | Promise<Response>;

type Enter = (pass: Pass) => Entered;
type Leave = (pass: Pass, answer: Response) => Response;

// Filled in by the request id step, which replaces it: a step before that one writing into it fails loudly.
const NO_STAMP: Record<string, string> = Object.freeze({});

/**
 * Serves every request through `steps`: each step's `enter` in order until one answers, then every step's `leave`
 * in order on that answer. Anything thrown on the way is INTERNAL_ERROR (`unexpectedError`), logged under the
 * request id. It waits only where a step does, so an answer that needs no waiting (`GET /healthz`) is not deferred.
 *
 * @example createHttpServer(serveThrough(requestSteps(settings), logger), { logger, hostname })
 */
export function serveThrough(steps: readonly Step[], logger: Logger): Serve {
  const enters = steps.flatMap((step): Enter[] => (step.enter === undefined ? [] : [step.enter]));
  const leaves = steps.flatMap((step): Leave[] => (step.leave === undefined ? [] : [step.leave]));

  function enterFrom(first: number, pass: Pass): Response | Promise<Response> {
    for (let i = first; i < enters.length; i++) {
      const entered = (enters[i] as Enter)(pass);
      if (entered instanceof Promise) return entered.then((answer) => answer ?? enterFrom(i + 1, pass));
      if (entered !== null) return entered;
    }
    throw new Error('No step answered the request: the list of steps has no route.');
  }

  function leave(pass: Pass, entered: Response): Response {
    let answer = entered;
    for (const step of leaves) answer = step(pass, answer);
    return answer;
  }

  function failed(pass: Pass, error: unknown): Response {
    if (!(error instanceof Error)) throw error;
    pass.stamped = false;
    return unexpectedError(logger, error, { requestId: pass.requestId, method: pass.method, path: pass.path });
  }

  return (request, env) => {
    const pass: Pass = {
      request,
      env,
      method: request.method,
      path: getPath(request),
      started: performance.now(),
      requestId: '',
      stamp: NO_STAMP,
      clientIp: null,
      stamped: false,
    };
    let answer: Response | Promise<Response>;
    try {
      answer = enterFrom(0, pass);
    } catch (error) {
      answer = failed(pass, error);
    }
    if (!(answer instanceof Promise)) return leave(pass, answer);
    return answer.then(
      (answered) => leave(pass, answered),
      (error: unknown) => leave(pass, failed(pass, error)),
    );
  };
}
