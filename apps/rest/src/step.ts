/**
 * What the steps learn of one request as it goes through them (`request-steps.ts`), and what every route behind
 * them reads: one object per request, filled in step by step.
 */
export interface Pass {
  /** The request as admitted: a chunked body within the limit has been read into it. */
  request: Request;
  /** The server's bindings (@hono/node-server's carry Node's request and its socket); in-process, whatever was given. */
  readonly env: unknown;
  readonly method: string;
  /** The path, as Hono's router reads it (`getPath`). */
  readonly path: string;
  /** When the request was taken up, on `performance.now()`'s clock. */
  readonly started: number;
  requestId: string;
  /** The headers every answer of the request leaves with: security headers, `X-Request-Id`, the rate-limit fields. */
  stamp: Record<string, string>;
  clientIp: string | null;
  /** Whether the answer was built with the stamp on it (the route says so), so it is not set a second time. */
  stamped: boolean;
}

/** A step's way of letting the request on (null), or answering it (a refusal, or the route's answer). */
export type Entered = Response | null | Promise<Response | null>;

/**
 * One step of the list. `enter` runs in list order until a step answers; then every step's `leave` runs, in list
 * order, on that answer, whichever step gave it.
 */
export interface Step {
  /** What the step is, as tests and the list name it. */
  readonly name: string;
  readonly enter?: (pass: Pass) => Entered;
  /** May replace the answer (the HEAD answer without its body); returns the answer that leaves. */
  readonly leave?: (pass: Pass, answer: Response) => Response;
}

/** Where the route step sends a request: it answers it. */
export type Route = (pass: Pass) => Response | Promise<Response>;
