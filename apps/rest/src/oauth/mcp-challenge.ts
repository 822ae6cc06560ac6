import { authentication, CATALOGUE, renderError, resourceMetadataUrl, type AppError, type Authentication, type Services } from '@condor/core';
import type { McpHttpHandler } from '@condor/mcp';

/** The tools anyone may call without a credential (register, login, refresh_session). */
const PUBLIC_TOOLS: ReadonlySet<string> = new Set(CATALOGUE.filter((op) => op.access === 'public').map((op) => op.name));

/**
 * Puts `/mcp` behind condor's OAuth resource-server challenge (RFC 6750 §3, RFC 9728 §5.1): a Bearer credential
 * that authenticates no one (malformed, expired, revoked, for another resource) and a call of a tool that needs one
 * without any are answered `401` with `WWW-Authenticate: Bearer … resource_metadata="…"`, so an OAuth client
 * discovers condor's authorization server, authorizes or refreshes, and retries. Everything else — discovery,
 * listing, the public tools — reaches the MCP handler as before, and tool errors stay tool results. The handler
 * gets the authentication this check started, so a request still looks its credential up once.
 */
export function withMcpChallenge(handler: McpHttpHandler, services: Services, options: McpChallengeOptions = {}): McpHttpHandler {
  return async (request, auth) => {
    const authenticated = auth.authenticated ?? authentication(auth.credential, services);
    const refusal =
      auth.credential !== null ? await unusable(authenticated) : options.everyRequest === true ? credentialRequired() : await missingCredential(request);
    return refusal === null ? handler(request, { ...auth, authenticated }) : challenge(refusal, services);
  };
}

/** How strict the challenge is (CONDOR_MCP_AUTH). */
export interface McpChallengeOptions {
  /** Answer every request without a credential with the challenge, not only calls of tools that need a caller. */
  readonly everyRequest?: boolean;
}

const credentialRequired = (): AppError => ({ code: 'UNAUTHORIZED', message: 'This MCP endpoint needs a credential: authorize with OAuth (see WWW-Authenticate) or send an access token or API key as Bearer.' });

async function unusable(authenticated: Authentication): Promise<AppError | null> {
  const result = await authenticated();
  return result.isErr() && (result.error.code === 'SESSION_INVALID' || result.error.code === 'UNAUTHORIZED') ? result.error : null;
}

/** UNAUTHORIZED when the request calls a tool that needs a caller; null for anything else, read from a copy of the body. */
async function missingCredential(request: Request): Promise<AppError | null> {
  if (request.method !== 'POST') return null;
  const text = await request.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  const needsCaller = messages.some((message) => {
    if (typeof message !== 'object' || message === null) return false;
    const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
    return method === 'tools/call' && typeof params?.name === 'string' && !PUBLIC_TOOLS.has(params.name) && CATALOGUE.some((op) => op.name === params.name);
  });
  return needsCaller ? { code: 'UNAUTHORIZED', message: 'This tool needs a credential: authorize with OAuth (see WWW-Authenticate) or send an access token or API key as Bearer.' } : null;
}

function challenge(error: AppError, services: Services): Response {
  const rendered = renderError(error);
  const params = [
    ...(error.code === 'UNAUTHORIZED' ? [] : ['error="invalid_token"', `error_description="${quoted(rendered.body.message)}"`]),
    `resource_metadata="${resourceMetadataUrl(services)}"`,
  ];
  return Response.json(rendered.body, { status: 401, headers: { 'WWW-Authenticate': `Bearer ${params.join(', ')}`, 'Cache-Control': 'no-store' } });
}

/** Text as a quoted-string of an auth parameter: no quotes, backslashes or control characters. */
const quoted = (text: string): string => text.replace(/["\\]/g, "'").replace(/[^\x20-\x7e]/g, ' ').slice(0, 300);
