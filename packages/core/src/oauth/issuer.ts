import { mcpResource } from '../accounts/authenticate.js';
import type { Services } from '../services.js';

/** condor's issuer identifier (RFC 8414): its public URL, e.g. `https://condor.example`. */
export const issuerOf = (services: Services): string => services.config.publicUrl ?? '';

/** The one resource (RFC 8707) condor issues tokens for: its MCP endpoint. */
export const oauthResource = (services: Services): string => mcpResource(services);

/** Where the protected-resource metadata of `/mcp` is (RFC 9728 §3.1: the path-suffixed well-known URL). */
export const resourceMetadataUrl = (services: Services): string => `${issuerOf(services)}/.well-known/oauth-protected-resource/mcp`;
