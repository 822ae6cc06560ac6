/**
 * The service process: REST under /v1 and MCP (Streamable HTTP) at /mcp on one port.
 * Configuration comes from the environment (README, "Configuration").
 */
import type { AddressInfo } from 'node:net';
import type { Logger } from '@condor/core';
import { createMcpHttpHandler, deriveRequestStateKey, LOOPBACK_HOSTS } from '@condor/mcp';
import { buildRuntime, ConfigError, displayDatabaseUrl, loadConfig, type RuntimeConfig } from '@condor/runtime';
import { createApp } from './app.js';
import { createHttpServer } from './http-server.js';
import { withMcpChallenge } from './oauth/mcp-challenge.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const runtime = await buildRuntime(config);
  const { services } = runtime;
  const app = createApp(services, {
    // OAuth clients learn of condor's authorization server from /mcp's 401 challenge.
    mcp: withMcpChallenge(createMcpHttpHandler(services, {
      batches: runtime.callBatches,
      allowedOrigins: config.allowedOrigins,
      toolsets: config.mcpToolsets,
      directPath: config.mcpDirectPath,
      // Every instance signs MCP elicitation state with a key derived from the shared token signing key.
      ...(runtime.signingKey === null ? {} : { requestStateKey: deriveRequestStateKey(runtime.signingKey) }),
      ...mcpHostCheck(config, services.logger),
    }), services, { everyRequest: config.mcpAuth === 'required' }),
    ready: () => runtime.ready(),
    bodyLimitBytes: config.bodyLimitBytes,
    rateLimit: config.rateLimit,
    rateLimitStore: runtime.addressLimits,
    trustedProxies: config.trustedProxies,
    // Access lines are info: below that level they would be built only to be dropped.
    accessLog: config.logLevel === 'info',
  });
  const server = createHttpServer(app.fetch, { logger: services.logger, hostname: config.host });
  server.listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    runtime.listeningOn(port);
    services.logger.info('listening', {
      url: `http://${config.host}:${String(port)}`,
      port,
      env: config.env,
      database: displayDatabaseUrl(config.databaseUrl),
    });
  });
  const stop = (signal: string): void => {
    services.logger.info('stopping', { signal });
    server.close(() => {
      void runtime.close().then(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.once('SIGINT', () => { stop('SIGINT'); });
  process.once('SIGTERM', () => { stop('SIGTERM'); });
}

/**
 * The names `/mcp` answers to: CONDOR_ALLOWED_HOSTS when set; bound to loopback, the loopback names (anything
 * else in Host is a rebound DNS name); otherwise any name, with a warning, as only the deployment knows its names.
 */
function mcpHostCheck(config: RuntimeConfig, logger: Logger): { allowedHosts?: readonly string[] } {
  if (config.allowedHosts !== null) return { allowedHosts: config.allowedHosts };
  if (LOOPBACK_HOSTS.includes(config.host) || config.host === '::1') return { allowedHosts: LOOPBACK_HOSTS };
  logger.warn('mcp_host_check_off', { host: config.host, hint: 'set CONDOR_ALLOWED_HOSTS to the names clients use to reach /mcp' });
  return {};
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`${JSON.stringify({ level: 'error', event: 'start_failed', error: message })}\n`);
  process.exit(1);
});
