import { describe, expect, it } from 'vitest';
import { durationWords, newYorkTime, secondsWords } from './time.js';

describe('time in words', () => {
  it('says an instant in New York time, through daylight saving', () => {
    expect(newYorkTime(Date.UTC(2026, 10, 23, 14, 30))).toBe('Monday 23 November 2026, 09:30 New York time');
    expect(newYorkTime(Date.UTC(2026, 6, 6, 20))).toBe('Monday 6 July 2026, 16:00 New York time');
    expect(newYorkTime(Date.UTC(2026, 0, 6, 3, 5))).toBe('Monday 5 January 2026, 22:05 New York time');
  });

  it('says a wait to the minute, rounded up', () => {
    expect(durationWords(0)).toBe('less than a minute');
    expect(durationWords(1)).toBe('1 min');
    expect(durationWords(70_000)).toBe('2 min');
    expect(durationWords(3_600_000)).toBe('1 h');
    expect(durationWords(19 * 3_600_000 + 27 * 60_000)).toBe('19 h 27 min');
    expect(durationWords(27 * 3_600_000)).toBe('1 d 3 h');
    expect(durationWords(2 * 86_400_000)).toBe('2 d');
  });

  it('says a short span to the second', () => {
    expect([secondsWords(0), secondsWords(10), secondsWords(120), secondsWords(150), secondsWords(3_725)]).toEqual(['0 s', '10 s', '2 min', '2 min 30 s', '1 h 2 min 5 s']);
  });
});
