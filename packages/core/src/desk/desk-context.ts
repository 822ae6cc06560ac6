import type { BrowserCaller } from '../browser/browser-session.js';
import type { HandlerContext } from '../operations/operation.js';
import { ALL_SCOPES } from '../scopes/scopes.js';
import type { Services } from '../services.js';

/**
 * The person of a browser session as the tools' handlers see a caller: every scope (it is the person, not an
 * agent), outside any tool-call batch, so the desk reads exactly what get_positions and positions answer.
 */
export const deskContext = (services: Services, caller: BrowserCaller): HandlerContext<'trading'> => ({
  services,
  caller: { userId: caller.userId, email: caller.email, tier: 'free', sessionId: caller.sessionDigest, credential: 'session', scopes: ALL_SCOPES },
  requestId: 'desk',
  batchKey: null,
  clientIp: null,
  progress: null,
  client: caller.userAgent,
  approval: null,
});
