/** @condor/mcp — the MCP shell: tools from core's catalogue over stdio and Streamable HTTP. */
export { createMcpServer, type McpServerOptions } from './server.js';
export { createMcpHttpHandler, LOOPBACK_HOSTS, type McpHttpAuth, type McpHttpHandler, type McpHttpOptions } from './http-handler.js';
export { SERVER_INFO } from './server-info.js';
