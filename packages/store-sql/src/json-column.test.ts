import { describe, expect, it } from 'vitest';
import { parseJsonArray, parseJsonObject } from './json-column.js';

describe('parseJsonObject', () => {
  it('parses a JSON object', () => {
    expect(parseJsonObject('{"a":[1,2.5,null],"b":"é"}', 't.c')).toEqual({ a: [1, 2.5, null], b: 'é' });
  });

  it('names the column when the text is not a JSON object', () => {
    expect(() => parseJsonObject('{nope', 't.c')).toThrow('t.c holds text that is not JSON');
    for (const text of ['[]', 'null', '3', '"x"']) expect(() => parseJsonObject(text, 't.c')).toThrow('t.c holds JSON that is not an object');
  });
});

describe('parseJsonArray', () => {
  it('parses a JSON array', () => {
    expect(parseJsonArray('[{"a":1.5},"é",null,[]]', 't.c')).toEqual([{ a: 1.5 }, 'é', null, []]);
    expect(parseJsonArray('[]', 't.c')).toEqual([]);
  });

  it('names the column when the text is not a JSON array', () => {
    expect(() => parseJsonArray('[nope', 't.c')).toThrow('t.c holds text that is not JSON');
    for (const text of ['{}', 'null', '3', '"x"']) expect(() => parseJsonArray(text, 't.c')).toThrow('t.c holds JSON that is not an array');
  });
});
