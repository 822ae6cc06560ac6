/** @condor/mcp — the MCP shell: tools from core's catalogue, resources and prompts, over stdio and Streamable HTTP, both protocol eras. */
export { createMcpServer, type McpServerOptions } from './server.js';
export { createMcpHttpHandler, LOOPBACK_HOSTS, type McpHttpAuth, type McpHttpHandler, type McpHttpOptions } from './http-handler.js';
export { ConnectionLogin } from './connection-login.js';
export { PrincipalBatches } from './principal-batches.js';
export { acceptingRawArguments } from './raw-arguments.js';
export { SERVER_INFO } from './server-info.js';
export { deriveRequestStateKey } from './approval/request-state.js';
export { TICKET_URI } from './apps/ui-extension.js';
