import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Where the page loads @simplewebauthn/browser from: this origin, so the CSP needs no other source. */
export const WEBAUTHN_BUNDLE_PATH = '/passkeys/webauthn.js';

let bundle: string | null = null;

/** The library's own browser bundle (it defines `SimpleWebAuthnBrowser`), read once from the installed package. */
export function webauthnBundle(): string {
  // The package exports only its module entry; the UMD bundle sits beside it in dist/bundle.
  bundle ??= readFileSync(join(dirname(createRequire(import.meta.url).resolve('@simplewebauthn/browser')), '..', 'dist', 'bundle', 'index.umd.min.js'), 'utf8');
  return bundle;
}
