import { expect } from 'vitest';
import type { JsonAnswer } from './server-process.js';

/** One page answer of the server as a browser without JavaScript sees it. */
export interface PageAnswer {
  readonly status: number;
  readonly location: string | null;
  readonly text: string;
}

/** What answers WebAuthn's ceremonies for the person: a software passkey, or the fake verifier's answers in process. */
export interface Authenticator {
  register(challenge: string): unknown;
  assert(challenge: string): unknown;
}

/** How the person reaches the server: its public URL, its pages (a path and a fetch init), its JSON API. */
export interface PersonReach {
  readonly site: () => string;
  readonly fetchPage: (path: string, init: RequestInit) => Promise<Response>;
  readonly send: (method: string, path: string, body?: unknown, token?: string) => Promise<JsonAnswer>;
}

/**
 * A person at the server over plain HTTP: an onboarded account (the agent's token), a browser session cookie on
 * condor's pages, a Schwab login done at the fake's authorize page (its form posted as a person would), and an
 * authenticator to approve live orders with a passkey.
 */
export class SchwabPerson {
  token = '';
  private cookie = '';

  constructor(
    private readonly reach: PersonReach,
    readonly passkey: Authenticator,
    readonly email: string,
    private readonly password: string,
  ) {}

  /** Registers, accepts the documents, and logs a browser in. */
  async signUp(): Promise<void> {
    const ok = async (method: string, path: string, body?: unknown, bearer?: string): Promise<Record<string, unknown>> => {
      const answer = await this.reach.send(method, path, body, bearer);
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body;
    };
    await ok('POST', '/v1/users', { email: this.email, password: this.password });
    await this.renewToken();
    for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await ok('GET', `/v1/legal-documents/${name}`, undefined, this.token);
    await ok('POST', '/v1/onboarding/eua-acceptance', {}, this.token);
    await ok('POST', '/v1/onboarding/risk-acknowledgement', {}, this.token);
    await this.logIn();
  }

  /** The agent's access token, anew (an old one may have expired). */
  async renewToken(): Promise<void> {
    const answer = await this.reach.send('POST', '/v1/sessions', { email: this.email, password: this.password });
    expect(answer.status).toBe(200);
    this.token = String(answer.body['access_token']);
  }

  /** A browser session on condor's login page (again once the last one ended). */
  async logIn(): Promise<void> {
    const answer = await this.page('POST', '/login', { email: this.email, password: this.password, next: '/' });
    expect(answer.status).toBe(303);
  }

  /** Adds the software passkey on the passkeys page, as its script does. */
  async addPasskey(): Promise<void> {
    const csrf = csrfOf(await this.page('GET', '/passkeys'));
    const started = await this.page('POST', '/passkeys/register/options', { csrf_token: csrf, password: this.password });
    const { options } = JSON.parse(started.text) as { options: { challenge: string } };
    const added = await this.page('POST', '/passkeys/register', { csrf_token: csrf, name: 'Soft key', challenge: options.challenge, response: JSON.stringify(this.passkey.register(options.challenge)) });
    expect([added.status, added.text]).toEqual([200, expect.stringContaining('"ok":true')]);
  }

  /**
   * "Log in at Schwab" from a new broker-keys link: condor's 303 to the fake's authorize page, its form posted with a
   * login id and password, the fake's redirect followed back to condor's callback page. That page's text.
   */
  async logInAtSchwab(apiUrl: string): Promise<string> {
    const link = await this.reach.send('POST', '/v1/broker/keys-link', {}, this.token);
    const keysPath = new URL(String(link.body['url'])).pathname;
    const csrf = csrfOf(await this.page('GET', keysPath));
    const started = await this.page('POST', `${keysPath}/login`, { csrf_token: csrf, broker: 'schwab' });
    expect(started.status, started.text).toBe(303);
    const authorize = new URL(started.location ?? '');
    expect(authorize.origin + authorize.pathname).toBe(`${apiUrl}/v1/oauth/authorize`);
    const page = await fetch(authorize);
    const form = new URLSearchParams([...(await page.text()).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m): [string, string] => [m[1] ?? '', unescapeHtml(m[2] ?? '')]));
    form.set('username', 'person');
    form.set('password', 'schwab password');
    const back = await fetch(new URL('/v1/oauth/authorize', authorize), { method: 'POST', body: form, redirect: 'manual' });
    expect(back.status).toBe(302);
    const callback = new URL(back.headers.get('location') ?? '');
    const linked = await this.page('GET', `${callback.pathname}${callback.search}`);
    expect(linked.status, linked.text).toBe(200);
    return linked.text;
  }

  /** Chooses the account on the page the callback showed. */
  async chooseAccount(afterLogin: string, accountNumber: string): Promise<void> {
    const chosen = await this.page('POST', '/broker-account', { csrf_token: csrfOf({ status: 200, location: null, text: afterLogin }), account_number: accountNumber });
    expect(chosen.status, chosen.text).toBe(200);
  }

  /** Approves a proposal on its approval page with the passkey (the form's post, as the page's script makes it). */
  async approve(approvalUrl: string): Promise<PageAnswer> {
    const path = new URL(approvalUrl).pathname;
    const csrf = csrfOf(await this.page('GET', path));
    const started = await this.page('POST', `${path}/passkey`, { csrf_token: csrf });
    const { options } = JSON.parse(started.text) as { options: { challenge: string } };
    return this.page('POST', `${path}/approve`, { csrf_token: csrf, passkey_challenge: options.challenge, passkey_response: JSON.stringify(this.passkey.assert(options.challenge)) });
  }

  /** One request to condor's pages with the browser's cookie (and, for a post, condor's own origin). */
  async page(method: 'GET' | 'POST', path: string, form?: Record<string, string>): Promise<PageAnswer> {
    const response = await this.reach.fetchPage(path, {
      method,
      redirect: 'manual',
      headers: { ...(this.cookie === '' ? {} : { cookie: this.cookie }), ...(method === 'POST' ? { origin: this.reach.site() } : {}) },
      ...(form === undefined ? {} : { body: new URLSearchParams(form) }),
    });
    const set = /^(__Host-condor-session=[^;]*)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    if (set !== undefined) this.cookie = set;
    return { status: response.status, location: response.headers.get('location'), text: await response.text() };
  }
}

export const csrfOf = (page: PageAnswer): string => /name="csrf_token" value="([^"]+)"/.exec(page.text)?.[1] ?? '';

const unescapeHtml = (text: string): string => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');
