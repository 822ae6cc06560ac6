import { err, ok, type Result } from 'neverthrow';
import { isLoopbackHost } from '../loopback.js';
import type { PushFailure } from './push-failure.js';

/**
 * The endpoint as a URL when condor may send to it: https always; http only to a loopback address and only when
 * allowed (tests and development), since a push in the clear would show who is told what.
 */
export function pushEndpoint(endpoint: string, allowLoopbackHttp: boolean): Result<URL, PushFailure> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return err({ kind: 'endpoint_refused', message: 'the push endpoint is not a URL' });
  }
  if (url.protocol === 'https:') return ok(url);
  if (url.protocol === 'http:' && allowLoopbackHttp && isLoopbackHost(url.hostname)) return ok(url);
  const allowed = allowLoopbackHttp ? 'https, or http on a loopback address' : 'https';
  return err({ kind: 'endpoint_refused', message: `push endpoints must be ${allowed}; ${url.origin} is not` });
}
