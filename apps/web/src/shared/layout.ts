import { markup, trusted, type Markup } from './markup.js';
import { STYLES } from './styles.js';

/** The person a page is shown to, with what the logout form needs. */
export interface SignedIn {
  readonly email: string;
  readonly csrf: string;
}

export interface PageParts {
  readonly title: string;
  readonly body: Markup;
  /** This response's CSP nonce, for the inline stylesheet and script. */
  readonly nonce: string;
  readonly signedIn?: SignedIn | null;
  /** An inline script (only the countdown has one); the page works without it. */
  readonly script?: string | null;
  /** A same-origin path the page reloads to at once (`<meta http-equiv="refresh">`). */
  readonly refreshTo?: string | null;
  /** A page of several columns (the desk) takes the window's width up to a limit; others stay one narrow column. */
  readonly wide?: boolean;
}

/**
 * A whole HTML document around a page's body. The referrer meta tag overrides the server-wide `no-referrer`
 * header for these pages only: with it a form post carries `Origin`, which the POST routes check.
 */
export function layout(parts: PageParts): Markup {
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<meta name="robots" content="noindex">
${parts.refreshTo ? markup`<meta http-equiv="refresh" content="0; url=${parts.refreshTo}">` : ''}
<title>${parts.title} · condor</title>
<style nonce="${parts.nonce}">${trusted(STYLES)}</style>
</head>
<body>
<main${parts.wide === true ? markup` class="wide"` : ''}>
<header class="site"><a class="home" href="/"><strong>condor</strong></a>${parts.signedIn ? signedInBar(parts.signedIn) : ''}</header>
${parts.body}
</main>
${parts.script ? markup`<script nonce="${parts.nonce}">${trusted(parts.script)}</script>` : ''}
</body>
</html>`;
}

/** Every signed-in page leads back to the desk and to the person's other pages. */
const SITE_PAGES: readonly (readonly [string, string])[] = [
  ['/', 'Desk'],
  ['/api-keys', 'API keys'],
  ['/oauth/connections', 'Connected clients'],
  ['/passkeys', 'Passkeys'],
  ['/settings', 'Settings'],
];

const signedInBar = (who: SignedIn): Markup =>
  markup`<nav class="site" aria-label="Your pages" data-role="site-nav">${SITE_PAGES.map(([href, label]) => markup`<a href="${href}">${label}</a>`)}</nav>
<form method="post" action="/logout"><span>Logged in as ${who.email}</span> <input type="hidden" name="csrf_token" value="${who.csrf}"> <button type="submit">Log out</button></form>`;
