import { CATALOGUE } from '@condor/core';

/** A tool call as an HTTP client sends it over REST. */
export interface RestRequest {
  readonly method: string;
  readonly path: string;
  readonly body: Record<string, unknown> | undefined;
}

/**
 * The REST request of a tool call, as an HTTP client would make it: the catalogue's method and path with the path
 * parameters filled in, the other arguments in the query of a GET or else the JSON body.
 * @example restRequest('get_proposal', { proposal_id: 'p1' }) // { method: 'GET', path: '/v1/proposals/p1?', body: undefined }
 */
export function restRequest(tool: string, args: Record<string, unknown> = {}): RestRequest {
  const operation = CATALOGUE.find((op) => op.name === tool);
  if (operation === undefined) throw new Error(`no tool ${tool}`);
  const pathNames = new Set([...operation.rest.path.matchAll(/:(\w+)/g)].map((match) => match[1]));
  const path = operation.rest.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(args[name])));
  const rest = Object.fromEntries(Object.entries(args).filter(([name]) => !pathNames.has(name)));
  const get = operation.rest.method === 'GET';
  const query = get ? `?${new URLSearchParams(Object.entries(rest).map(([k, v]): [string, string] => [k, String(v)])).toString()}` : '';
  return { method: operation.rest.method, path: `/v1${path}${query}`, body: get ? undefined : rest };
}
