import { isUnderApiBase } from './api-paths.js';
import { SECURITY_HEADERS } from './security-headers.js';
import type { Step } from './step.js';

export const REQUEST_ID_HEADER = 'X-Request-Id';

const ACCEPTABLE = /^[A-Za-z0-9._-]{1,128}$/;

/** The caller's request id when it is safe to reuse in logs and headers, otherwise a fresh UUID. */
export const chooseRequestId = (incoming: string | undefined): string =>
  incoming !== undefined && ACCEPTABLE.test(incoming) ? incoming : crypto.randomUUID();

/** The headers every response carries before any step adds its own: the security headers and the request id. */
export const baseStamp = (requestId: string): Record<string, string> => ({ ...SECURITY_HEADERS, [REQUEST_ID_HEADER]: requestId });

/** `/v1`'s answers never go into a cache, refusals included. */
const apiStamp = (requestId: string): Record<string, string> => ({ ...SECURITY_HEADERS, [REQUEST_ID_HEADER]: requestId, 'Cache-Control': 'no-store' });

/** Sets every header of `stamp` on a response made without them; returns it. */
export function stampOnto(response: Response, stamp: Readonly<Record<string, string>>): Response {
  const headers = response.headers;
  for (const name in stamp) headers.set(name, stamp[name] as string);
  return response;
}

/**
 * The request id (the caller's, when well-formed) and the stamp, the record of headers every answer of the request
 * leaves with (later steps add to it: the rate-limit fields). On the way out the stamp is set on the answer, unless
 * the route built it with the stamp already (`pass.stamped`): setting headers one by one on a response costs a
 * `Headers` object in @hono/node-server.
 */
export const requestIdStep: Step = {
  name: 'request id',
  enter: (pass) => {
    const requestId = chooseRequestId(pass.request.headers.get(REQUEST_ID_HEADER) ?? undefined);
    pass.requestId = requestId;
    pass.stamp = isUnderApiBase(pass.path) ? apiStamp(requestId) : baseStamp(requestId);
    return null;
  },
  leave: (pass, answer) => (pass.stamped ? answer : stampOnto(answer, pass.stamp)),
};
