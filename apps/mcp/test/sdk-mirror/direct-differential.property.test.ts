import { it } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, vi } from 'vitest';
import { SHELL_TOOLS } from '../../src/shell-tools.js';
import { directAnswers } from './direct-counter.js';
import { ask, worldOf, type World } from './differential.js';
import { tradingServices } from '../trading-world.js';
import { requestOf, wireCaseArb } from './wire-case.js';

// Counts the requests the direct path answers, to know the generator reaches it.
vi.mock('../../src/direct/direct-path.js', async (original) => (await import('./direct-counter.js')).counting(await original()));

/**
 * The direct path and the SDK are one behaviour: generated POSTs (every tool, the shell tools' among them, valid and
 * malformed arguments, both eras, messages and headers that stray from a plain request) get the same status,
 * client-facing headers and body bytes from a world served with the direct path and from a twin world forced through
 * the SDK. The twins take the same requests in the same order, so what a call changes (an account, a quota, a key)
 * changes alike in both. Answers are compared as they are; log lines by level and event.
 */
describe('the direct path against the SDK, generated requests', () => {
  let direct: World;
  let sdk: World;
  let runs = 0;
  beforeAll(async () => {
    // A user with the paper broker linked and a market that knows SPY: trading calls get as far as proposals and orders.
    direct = await worldOf('direct', {}, tradingServices(), true);
    sdk = await worldOf('sdk', {}, tradingServices(), true);
  });

  it.prop([wireCaseArb], { numRuns: 500 })('answers every generated request as the SDK does', async (c) => {
    runs += 1;
    const logged = [direct.services.logger.lines.length, sdk.services.logger.lines.length] as const;
    const viaDirect = await ask(direct, requestOf(c), c.caller);
    const viaSdk = await ask(sdk, requestOf(c), c.caller);
    expect(viaDirect).toEqual(viaSdk);
    // The same log lines too, by level and event (their fields may hold a stack, which differs by path).
    const events = (world: World, from: number) => world.services.logger.lines.slice(from).map(({ level, event }) => `${level} ${event}`);
    expect(events(direct, logged[0])).toEqual(events(sdk, logged[1]));
  });

  // The comparison says something only if the generator reaches both paths, each often.
  afterAll(() => {
    expect(directAnswers.count).toBeGreaterThan(runs / 4);
    expect(runs - directAnswers.count).toBeGreaterThan(runs / 4);
    // The shell tools' calls too, where the request says their client cannot be asked (about 1 in 20 runs).
    expect(directAnswers.tools.filter((tool) => Object.hasOwn(SHELL_TOOLS, tool)).length).toBeGreaterThan(runs / 100);
  });
});
