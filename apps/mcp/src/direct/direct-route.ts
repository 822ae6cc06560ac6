import { channelOf } from '../client-reach.js';
import { plainRequestOf, type PlainRequest } from '../sdk-mirror/plain-request.js';
import { shellToolOf } from '../shell-tools.js';

/** A request the direct path answers. */
export type DirectRoute = PlainRequest;

/**
 * The route of a POST the direct path may answer (its body parsed and its raw arguments wrapped), or null for the SDK:
 * a plain request (`plainRequestOf`: nothing the SDK would stream, refuse or treat apart) whose call needs nothing from
 * the client. A shell tool's call goes direct only when the request says its client cannot be asked in the tool's mode
 * (`channelOf`, the very test the tool asks by: over HTTP a 2025 request never can; a 2026 one when its envelope
 * declares no such elicitation); a call that could ask stays with the SDK, whose context it asks through.
 *
 * @example
 * directRouteOf(request, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'confirm_proposal', arguments } }); // { era: 'legacy', … }
 */
export function directRouteOf(request: Request, body: unknown): DirectRoute | null {
  const plain = plainRequestOf(request, body);
  if (plain?.method !== 'tools/call') return plain;
  const shellTool = shellToolOf(plain.params.name as string);
  return shellTool === undefined || channelOf(shellTool.asks, plain.client, false) === null ? plain : null;
}
