/**
 * The version of the MCP SDK whose wire behaviour the rules of this folder were checked against (by reading its
 * source and by the differential tests in test/sdk-mirror): what it takes as a plain request, the bytes and key order
 * of its answers, its error shapes, when it answers with one message. Another version may differ in any of them.
 */
export const CHECKED_AGAINST = { package: '@modelcontextprotocol/server', version: '2.4.0' } as const;
