import { uriParts } from './uri-parts.js';

/**
 * Whether a `client_id` is the URL of a Client ID Metadata Document (draft-ietf-oauth-client-id-metadata-document
 * §3): https, a host without user or password, a path other than `/` without `.` or `..` segments, no query and no
 * fragment. Any other client id is one condor issued by dynamic registration.
 *
 * @example isClientIdUrl('https://app.example/oauth/client.json') // true
 */
export function isClientIdUrl(clientId: string): boolean {
  if (clientId.length > 2000) return false;
  const parts = uriParts(clientId);
  if (parts?.scheme !== 'https' || parts.host === null || parts.host === '' || parts.hasUserinfo) return false;
  if (parts.query !== null || parts.fragment !== null || parts.path === '' || parts.path === '/') return false;
  return !parts.path.split('/').some((segment) => segment === '.' || segment === '..');
}
