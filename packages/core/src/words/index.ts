/**
 * @condor/core/words — how condor writes money, time, percentages and a ticket's states, in one place. A subpath of
 * its own, so the MCP App's bundle takes these formatters without the rest of core.
 */
export { money, moneyAxis, moneyGrouped, moneyPrecise, moneyUnsigned, roundCents } from './money.js';
export { percent, tenths } from './percent.js';
export { durationWords, isoTime, newYorkTime, secondsWords } from './time.js';
export { TICKET_STATUS_WORDS, popWords } from './ticket.js';
export { BAND_COLUMN_WORDS, bandRangeWords, oneSide, perShareWords } from './band.js';
export { STEP_STATE_WORDS, WALK_STATUS_WORDS } from './working-order.js';
