import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** Access tokens last 30 minutes ("requests with an access token older than thirty minutes are rejected"). */
export const SCHWAB_ACCESS_TOKEN_SECONDS = 1800;
/** A refresh token lasts 7 days from the login and is never renewed by a refresh. */
export const SCHWAB_REFRESH_TOKEN_MS = 7 * 86_400_000;
/** An authorization code lives about 30 seconds. */
export const SCHWAB_CODE_MS = 30_000;

/** The deployment's registered app: its key (the OAuth client id), secret and callback URL, exactly as registered. */
export interface FakeSchwabApp {
  readonly appKey: string;
  readonly appSecret: string;
  readonly callbackUrl: string;
}

/** What the fake answers: a status, headers and a body (JSON when an object, text when a string, none when null). */
export interface SchwabAnswer {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export type BearerState = 'none' | 'valid' | 'expired' | 'unknown';

interface Code {
  readonly redirectUri: string;
  readonly expiresAt: number;
  readonly challenge: string | null;
  used: boolean;
}

interface RefreshToken {
  readonly issuedAt: number;
  revoked: boolean;
}

/**
 * The OAuth pages of the fake: the authorize page (a login form that redirects back to the registered callback
 * with `code`, `session` and `state`), and `POST /v1/oauth/token` with HTTP Basic app key:secret for the
 * `authorization_code` and `refresh_token` grants. Access tokens last 30 minutes; refresh tokens 7 days from the
 * login, a refresh grant never extending them (it echoes the same refresh token).
 */
export class FakeSchwabOAuth {
  /** Access tokens minted by the refresh grant. */
  refreshes = 0;
  /** Codes exchanged for tokens. */
  exchanges = 0;
  /** Every token minted (access and refresh), for tests that check none leaks. */
  readonly issuedTokens: string[] = [];
  private readonly codes = new Map<string, Code>();
  private readonly accessTokens = new Map<string, number>();
  private readonly refreshTokens = new Map<string, RefreshToken>();

  constructor(
    readonly app: FakeSchwabApp,
    private readonly now: () => number,
  ) {}

  bearerState(bearer: string | null): BearerState {
    if (bearer === null) return 'none';
    const expiresAt = this.accessTokens.get(bearer);
    return expiresAt === undefined ? 'unknown' : expiresAt <= this.now() ? 'expired' : 'valid';
  }

  /** Every refresh token issued so far is refused from now on (the person revoked the app, or Schwab ended it early). */
  revokeRefreshTokens(): void {
    for (const token of this.refreshTokens.values()) token.revoked = true;
  }

  /** Every access token minted so far stops working; refresh tokens stand. */
  expireAccessTokens(): void {
    this.accessTokens.clear();
  }

  /** A login done out of band: a refresh token issued now (or at `issuedAt`), as a completed code exchange would give. */
  issueRefreshToken(issuedAt = this.now()): string {
    const token = opaque();
    this.refreshTokens.set(token, { issuedAt, revoked: false });
    this.issuedTokens.push(token);
    return token;
  }

  /** `GET /v1/oauth/authorize`: the login page, or Schwab's "Access Denied" when the app or callback is not the registered one. */
  authorizePage(query: URLSearchParams): SchwabAnswer {
    const refusal = this.authorizeRefusal(query);
    if (refusal !== null) return refusal;
    const hidden = ['client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'response_type', 'scope']
      .map((name) => [name, query.get(name)] as const)
      .filter((entry): entry is readonly [string, string] => entry[1] !== null)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
      .join('');
    const page =
      '<!doctype html><html><head><title>Charles Schwab – Log in</title></head><body><h1>Log in to Schwab</h1>' +
      `<form method="post" action="/v1/oauth/authorize">${hidden}` +
      '<label>Login ID <input name="username" autocomplete="username"></label>' +
      '<label>Password <input name="password" type="password" autocomplete="current-password"></label>' +
      '<button type="submit">Log in and allow</button></form></body></html>';
    return { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: page };
  }

  /** The login form posted: a code for the registered callback, redirected to it with `code`, `session` and `state`. */
  login(form: URLSearchParams): SchwabAnswer {
    const refusal = this.authorizeRefusal(form);
    if (refusal !== null) return refusal;
    if ((form.get('username') ?? '') === '' || (form.get('password') ?? '') === '') return { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: '<!doctype html><p>Enter your login ID and password.</p>' };
    return { status: 302, headers: { Location: this.grantCode(form) }, body: null };
  }

  /**
   * What a person logging in and allowing the app comes to, without the page: the callback URL Schwab redirects
   * to (`?code=…&session=…&state=…`), or throws when Schwab would show "Access Denied".
   */
  approve(authorizeUrl: string): string {
    const query = new URL(authorizeUrl).searchParams;
    const refusal = this.authorizeRefusal(query);
    if (refusal !== null) throw new Error(`Schwab would refuse this authorize URL: ${String(refusal.body)}`);
    return this.grantCode(query);
  }

  /** `POST /v1/oauth/token`. */
  token(authorization: string | null, form: URLSearchParams): SchwabAnswer {
    if (!this.basicAuthOk(authorization)) return { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } };
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') return this.exchange(form);
    if (grant === 'refresh_token') return this.refresh(form.get('refresh_token') ?? '');
    return { status: 400, body: { error: 'unsupported_grant_type', error_description: `grant_type ${grant ?? '(none)'} is not supported` } };
  }

  private authorizeRefusal(query: URLSearchParams): SchwabAnswer | null {
    const denied = (why: string): SchwabAnswer => ({ status: 400, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: `<!doctype html><h1>Access Denied</h1><p>${why}</p>` });
    if (query.get('client_id') !== this.app.appKey) return denied('Unknown client_id.');
    // Byte for byte: a trailing slash more or less is another URL.
    if (query.get('redirect_uri') !== this.app.callbackUrl) return denied('The redirect_uri is not registered for this app.');
    if (query.get('response_type') !== 'code') return denied('response_type must be code.');
    return null;
  }

  private grantCode(query: URLSearchParams): string {
    const code = `C0.${randomBytes(24).toString('base64url')}.${randomBytes(16).toString('base64url')}@`;
    const challenge = query.get('code_challenge');
    this.codes.set(code, { redirectUri: this.app.callbackUrl, expiresAt: this.now() + SCHWAB_CODE_MS, challenge: query.get('code_challenge_method') === 'S256' ? challenge : null, used: false });
    const back = new URL(this.app.callbackUrl);
    back.searchParams.set('code', code);
    back.searchParams.set('session', randomUUID());
    const state = query.get('state');
    if (state !== null) back.searchParams.set('state', state);
    return back.toString();
  }

  private exchange(form: URLSearchParams): SchwabAnswer {
    const code = this.codes.get(form.get('code') ?? '');
    const invalid: SchwabAnswer = { status: 400, body: { error: 'invalid_grant', error_description: 'The authorization code is invalid or expired' } };
    if (code === undefined || code.used || code.expiresAt <= this.now()) return invalid;
    if (form.get('redirect_uri') !== code.redirectUri) return { status: 400, body: { error: 'invalid_request', error_description: 'redirect_uri does not match' } };
    // Whether Schwab checks PKCE is not known (reference §1); the fake checks a verifier when a challenge was sent.
    if (code.challenge !== null && createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url') !== code.challenge) return invalid;
    code.used = true;
    this.exchanges++;
    const refreshToken = this.issueRefreshToken();
    return { status: 200, body: this.tokenAnswer(refreshToken) };
  }

  private refresh(token: string): SchwabAnswer {
    const held = this.refreshTokens.get(token);
    if (held === undefined || held.revoked || held.issuedAt + SCHWAB_REFRESH_TOKEN_MS <= this.now()) {
      // The 2024-12 answer for an expired or invalid refresh token (reference §1), digest and all.
      const digest = createHash('sha256').update(token).digest('hex').slice(0, 12);
      const inner = JSON.stringify({ error_description: `Exception while authenticating refresh token [tokenDigest=${digest}]`, error: 'refresh_token_authentication_error' });
      return { status: 400, body: { error: 'unsupported_token_type', error_description: `400 Bad Request: "${inner}"` } };
    }
    this.refreshes++;
    return { status: 200, body: this.tokenAnswer(token) };
  }

  private tokenAnswer(refreshToken: string): Record<string, unknown> {
    const accessToken = `I0.${randomBytes(48).toString('base64url')}@`;
    this.accessTokens.set(accessToken, this.now() + SCHWAB_ACCESS_TOKEN_SECONDS * 1000);
    this.issuedTokens.push(accessToken);
    const idToken = `eyJ${randomBytes(24).toString('base64url')}.${randomBytes(32).toString('base64url')}.${randomBytes(16).toString('base64url')}`;
    return { expires_in: SCHWAB_ACCESS_TOKEN_SECONDS, token_type: 'Bearer', scope: 'api', refresh_token: refreshToken, access_token: accessToken, id_token: idToken };
  }

  private basicAuthOk(authorization: string | null): boolean {
    const encoded = /^Basic (.+)$/.exec(authorization ?? '')?.[1];
    if (encoded === undefined) return false;
    return Buffer.from(encoded, 'base64').toString('utf8') === `${this.app.appKey}:${this.app.appSecret}`;
  }
}

const opaque = (): string => `${randomBytes(32).toString('base64url')}@`;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
