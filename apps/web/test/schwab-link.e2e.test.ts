import { expect, it } from 'vitest';
import { expectNoSecrets, mcpAgent, person, registered, schwabWorld, walkSchwab } from '../../rest/test/schwab-world.js';

/**
 * Issue 41's acceptance in chromium, the agent over MCP: the person links Schwab by logging in at the fake's authorize
 * page and chooses the account; the agent researches on the link's chains and proposes; the person approves with a
 * passkey; the one order is walked by replace until it fills; the exit closes the position. No secret is in a page,
 * an MCP answer, the server's log or the database file.
 */
const world = schwabWorld();

it('links by logging in at Schwab, trades an iron condor over MCP approved with a passkey, walks it to a fill and closes it', async () => {
  const email = 'schwab-mcp@example.com';
  const token = await registered(world, email);
  const approver = await person(world, email);
  const agent = await mcpAgent(world, token);
  try {
    await walkSchwab(world, agent.call, approver, '74120355');
  } finally {
    await agent.close();
  }
  expect(world.fake.oauth.exchanges).toBe(1);
}, 120_000);

it('shows, logs and stores no secret: the app secret, the tokens Schwab minted, the code it sent back', () => {
  expectNoSecrets(world);
});
