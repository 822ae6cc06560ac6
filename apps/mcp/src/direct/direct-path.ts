import { randomUUID } from 'node:crypto';
import type { Services } from '@condor/core';
import { declaresUi } from '../apps/ui-extension.js';
import { personApprovals } from '../approval/person-approvals.js';
import { stateCodec } from '../approval/request-state.js';
import { envelopeFacts, STATELESS_LEGACY_FACTS } from '../client-facts.js';
import type { Offer } from '../offer.js';
import type { PrincipalBatches } from '../principal-batches.js';
import { unwrapArguments } from '../raw-arguments.js';
import { callRequestId, namedBatchOr, nonEmpty, type HttpRequestFacts } from '../request-context.js';
import { toolCaller, type ToolCallSite } from '../tool-caller.js';
import { toolListing } from '../tool-list.js';
import { answerOf, internalErrorOf } from './direct-answer.js';
import type { DirectRoute } from './direct-route.js';

/** Answers one request of a direct route, with the Bearer credential and what the endpoint found out about the request. */
export type DirectPath = (route: DirectRoute, credential: string | null, facts: HttpRequestFacts) => Promise<Response>;

/**
 * The HTTP endpoint's path beside the SDK for plain requests (`directRouteOf`): the same tool table, tool caller and
 * listing as the SDK's server, built once instead of a server and a transport per request.
 *
 * @example
 * const direct = directPath(services, { batches, offer });
 * const route = directRouteOf(request, body);
 * if (route !== null) return direct(route, credential, facts);
 */
export function directPath(services: Services, deps: { readonly batches: PrincipalBatches; readonly offer: Offer }): DirectPath {
  const { offer } = deps;
  const serverId = randomUUID();
  const appsOffered = offer.has('confirm_proposal');
  const tools = toolListing(offer);
  // Direct routes run no shell tool, so no call here asks the person: the approvals and codec are the caller's deps only.
  const call = toolCaller(services, { ...deps, connection: null, approvals: personApprovals(services), codec: stateCodec(undefined, () => 'nobody') });

  return async (route, bearer, facts) => {
    const clientFacts = route.era === 'modern' ? (envelopeFacts(route.meta) ?? STATELESS_LEGACY_FACTS) : STATELESS_LEGACY_FACTS;
    const ui = appsOffered && declaresUi(clientFacts.capabilities);
    switch (route.method) {
      case 'ping':
        return answerOf(route, {});
      case 'tools/list':
        return answerOf(route, { tools: tools(ui) });
      case 'tools/call': {
        const credential = nonEmpty(bearer);
        const site: ToolCallSite = {
          credential,
          bound: false,
          authenticated: credential === null ? undefined : facts.authenticated,
          batchKey: namedBatchOr(route.meta, facts.batchKey),
          requestId: callRequestId(facts.requestId, serverId, route.id),
          clientIp: nonEmpty(facts.clientIp),
          progress: null,
          facts: clientFacts,
          ui,
          ctx: null,
        };
        const args = unwrapArguments(route.params.arguments as Readonly<Record<string, unknown>> | undefined);
        try {
          return answerOf(route, await call(route.params.name as string, args, site));
        } catch {
          return internalErrorOf(route);
        }
      }
    }
  };
}
