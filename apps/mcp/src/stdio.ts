#!/usr/bin/env node
import { buildRuntime, loadConfig } from '@condor/runtime';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
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
const server = createMcpServer(runtime.services, { credential: config.mcpToken });

let runtimeClosed: Promise<void> | undefined;
const closeRuntime = (): Promise<void> => (runtimeClosed ??= runtime.close());
const stop = (): void => {
  void server
    .close()
    .then(closeRuntime)
    .then(() => process.exit(0), (error: unknown) => fail('shutdown failed', error));
};

server.onclose = () => void closeRuntime();
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// The SDK's stdio transport does not notice the client closing stdin; treat that as the end of the session.
process.stdin.once('end', stop);

await server.connect(new StdioServerTransport());
