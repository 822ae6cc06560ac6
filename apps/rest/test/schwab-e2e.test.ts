import { expect, it } from 'vitest';
import { expectNoSecrets, person, registered, restAgent, schwabWorld, walkSchwab } from './schwab-world.js';

/**
 * Issue 41's acceptance with the agent on REST (the catalogue's routes, as an HTTP client calls them) and the person in
 * chromium: linked by logging in at the fake's authorize page, the research on the link's chains, Schwab's preview on
 * the ticket, the passkey approval, the one order walked by replace to its fill, the exit, closed; and no secret in a
 * page, a REST answer, the server's log or the database file.
 */
const world = schwabWorld();

it('links by logging in at Schwab, trades an iron condor over REST approved with a passkey, walks it to a fill and closes it', async () => {
  const email = 'schwab-rest@example.com';
  const token = await registered(world, email);
  await walkSchwab(world, restAgent(world, token), await person(world, email), '74120355');
  expect(world.fake.oauth.exchanges).toBe(1);
}, 120_000);

it('shows, logs and stores no secret: the app secret, the tokens Schwab minted, the code it sent back', () => {
  expectNoSecrets(world);
});
