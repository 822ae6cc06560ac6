import { describe, expect, it } from 'vitest';
import { parseOcc } from './occ-symbol.js';

describe('parseOcc', () => {
  it('reads root, expiry, type and strike of a compact OCC symbol', () => {
    expect(parseOcc('SPY261218P00540000')).toEqual({ root: 'SPY', expiry: '2026-12-18', type: 'put', strike: 540 });
    expect(parseOcc('SPXW270115C05125000')).toEqual({ root: 'SPXW', expiry: '2027-01-15', type: 'call', strike: 5125 });
  });

  it('keeps a strike’s fraction and a dotted root', () => {
    expect(parseOcc('BRK.B261218C00412500')).toEqual({ root: 'BRK.B', expiry: '2026-12-18', type: 'call', strike: 412.5 });
    expect(parseOcc('F261218P00011005')?.strike).toBe(11.005);
  });

  it.each([
    ['empty', ''],
    ['a bare ticker', 'SPY'],
    ['lower case', 'spy261218p00540000'],
    ['an unknown type', 'SPY261218X00540000'],
    ['a short strike field', 'SPY261218P0054000'],
    ['a long strike field', 'SPY261218P005400000'],
    ['the padded 21-character form', 'SPY   261218P00540000'],
    ['a root longer than six', 'ABCDEFG261218P00540000'],
    ['surrounding space', ' SPY261218P00540000'],
    ['a trailing newline', 'SPY261218P00540000\n'],
    ['a thirteenth month', 'SPY261318P00540000'],
    ['31 February', 'SPY260231P00540000'],
    ['day 0', 'SPY261200P00540000'],
  ])('answers undefined for %s', (_what, symbol) => {
    expect(parseOcc(symbol)).toBeUndefined();
  });
});
