/**
 * The service process: REST under /v1 and MCP (Streamable HTTP) at /mcp on one port.
 * Configuration comes from the environment (README, "Configuration").
 */
import { serve } from '@hono/node-server';
import { createMcpHttpHandler, LOOPBACK_HOSTS } from '@condor/mcp';
import { buildRuntime, ConfigError, displayDatabaseUrl, loadConfig } from '@condor/runtime';
import { createApp } from './app.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const runtime = await buildRuntime(config);
  const { services } = runtime;
  const app = createApp(services, {
    mcp: createMcpHttpHandler(services, {
      sessions: runtime.mcpSessions,
      allowedOrigins: config.allowedOrigins,
      // Bound to loopback, only loopback names are genuine; anything else in Host is a rebound DNS name.
      ...(LOOPBACK_HOSTS.includes(config.host) || config.host === '::1' ? { allowedHosts: LOOPBACK_HOSTS } : {}),
    }),
    ready: () => runtime.ready(),
    bodyLimitBytes: config.bodyLimitBytes,
    rateLimit: config.rateLimit,
    trustedProxies: config.trustedProxies,
  });
  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    services.logger.info('listening', {
      url: `http://${config.host}:${String(info.port)}`,
      port: info.port,
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

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`${JSON.stringify({ level: 'error', event: 'start_failed', error: message })}\n`);
  process.exit(1);
});
