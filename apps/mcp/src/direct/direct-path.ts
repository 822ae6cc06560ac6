import { randomUUID } from 'node:crypto';
import type { Services } from '@condor/core';
import { personApprovals } from '../approval/person-approvals.js';
import { stateCodec } from '../approval/request-state.js';
import { callSiteOf, type CallSiteBase, type HttpRequestFacts } from '../call-site.js';
import type { Offer } from '../offer.js';
import type { PrincipalBatches } from '../principal-batches.js';
import { unwrapArguments } from '../raw-arguments.js';
import { answerOf, internalErrorOf } from '../sdk-mirror/answer-bytes.js';
import { toolCaller } from '../tool-caller.js';
import { toolListing } from '../tool-list.js';
import type { DirectRoute } from './direct-route.js';

/** Answers one request of a direct route, with the Bearer credential and what the endpoint found out about the request. */
export type DirectPath = (route: DirectRoute, credential: string | null, facts: HttpRequestFacts) => Promise<Response>;

/**
 * The HTTP endpoint's path beside the SDK for plain requests (`directRouteOf`): the same tool table, tool caller, call
 * site and listing as the SDK's server, built once instead of a server and a transport per request.
 *
 * @example
 * const direct = directPath(services, { batches, offer });
 * const route = directRouteOf(request, body);
 * if (route !== null) return direct(route, credential, facts);
 */
export function directPath(services: Services, deps: { readonly batches: PrincipalBatches; readonly offer: Offer }): DirectPath {
  const { offer } = deps;
  const base: CallSiteBase = { serverId: randomUUID(), connection: null, configured: null, appsOffered: offer.has('confirm_proposal') };
  const tools = toolListing(offer);
  // A direct route's call never asks its client (directRouteOf), so nothing here signs a state: the codec is the caller's dep only.
  const call = toolCaller(services, { ...deps, connection: null, approvals: personApprovals(services), codec: stateCodec(undefined, () => 'nobody') });

  return async (route, bearer, facts) => {
    const site = callSiteOf(base, { bearer, http: facts, rpcId: route.id, meta: route.meta, facts: route.client, progress: null, ctx: null });
    switch (route.method) {
      case 'ping':
        return answerOf(route, {});
      case 'tools/list':
        return answerOf(route, { tools: tools(site.ui) });
      case 'tools/call': {
        const args = unwrapArguments(route.params.arguments as Readonly<Record<string, unknown>> | undefined);
        try {
          return answerOf(route, await call(route.params.name as string, args, site));
        } catch {
          return internalErrorOf(route.id);
        }
      }
    }
  };
}
