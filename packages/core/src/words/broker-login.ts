import { durationWords, newYorkTime } from './time.js';

/**
 * When a login at a broker ends, in words, with what to do: the trading answers, the desk and the news say it alike.
 * @example loginEndsWords('Schwab', end, end - 86_400_000) // 'Your Schwab login ends Saturday 5 December 2026, 11:00 New York time (in 1 d): log in at Schwab again before then.'
 */
export function loginEndsWords(broker: string, endsAt: number, now: number): string {
  return endsAt <= now
    ? `Your ${broker} login ended ${newYorkTime(endsAt)}: log in at ${broker} again from the broker keys page to trade.`
    : `Your ${broker} login ends ${newYorkTime(endsAt)} (in ${durationWords(endsAt - now)}): log in at ${broker} again before then.`;
}
