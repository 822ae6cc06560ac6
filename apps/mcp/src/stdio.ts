#!/usr/bin/env node
import { buildRuntime, loadConfig, resolveSigningKey } from '@condor/runtime';
import { deriveRequestStateKey } from './approval/request-state.js';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { ConnectionLogin } from './connection-login.js';
import { PrincipalBatches } from './principal-batches.js';
import { acceptingRawArguments } from './raw-arguments.js';
import { createMcpServer } from './server.js';

// stdout carries the protocol: everything meant for people goes to stderr.
const fail = (what: string, error: unknown): never => {
  process.stderr.write(`condor-mcp: ${what}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
};

const config = (() => {
  try {
    return loadConfig(process.env);
  } catch (error) {
    return fail('invalid configuration', error);
  }
})();
const runtime = await buildRuntime(config).catch((error: unknown) => fail('could not start', error));
const { services } = runtime;
const batches = new PrincipalBatches(runtime.callBatches, services.clock);
// The same signing key the runtime resolved (CONDOR_SIGNING_KEY, or the data folder's), so a restart between an
// elicitation's two rounds still recognises its state; without one, a key of this process.
const signingKey = resolveSigningKey(config, services.logger);
const requestStateKey = signingKey === null ? undefined : deriveRequestStateKey(signingKey);

// The configured credential: an API key (CONDOR_API_KEY) lasts until it is revoked or expires; an access token
// (CONDOR_MCP_TOKEN, kept working) only its 15 minutes. A key wins when both are set.
const stdioCredential = config.apiKey ?? config.mcpToken;

// One server per connection (both eras; the opening exchange pins the era): the connection is the
// session, so a login on it binds it.
const handle = serveStdio(
  () =>
    createMcpServer(services, { batches, credential: stdioCredential, connection: new ConnectionLogin(), toolsets: config.mcpToolsets, requestStateKey }),
  {
    transport: acceptingRawArguments(new StdioServerTransport()),
    onerror: (error) => {
      services.logger.warn('mcp_stdio_error', { error: error.message.slice(0, 300) });
    },
  },
);

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void handle
    .close()
    .then(() => runtime.close())
    .then(() => process.exit(0), (error: unknown) => fail('shutdown failed', error));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// The client closing stdin ends the session.
process.stdin.once('end', stop);
