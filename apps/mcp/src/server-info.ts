/** The name and version this server reports in the MCP `initialize` handshake. */
export const SERVER_INFO = { name: 'condor', version: '0.1.0' } as const;
