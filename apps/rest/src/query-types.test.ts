import { CATALOGUE } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { typedQuery } from './query-types.js';

const operation = (name: string) => {
  const found = CATALOGUE.find((op) => op.name === name);
  if (found === undefined) throw new Error(name);
  return found;
};

describe('typedQuery', () => {
  it('types a number-typed parameter given as exactly a number, and leaves other text as text', () => {
    expect(typedQuery(operation('get_optimization_history'), { page_size: '5' })).toEqual({ page_size: 5 });
    expect(typedQuery(operation('get_optimization_history'), { page_size: 'five' })).toEqual({ page_size: 'five' });
  });

  it('leaves a parameter named like an Object property (toString, constructor, __proto__) as text for the core to refuse', () => {
    const query = JSON.parse('{"toString":"null","constructor":"x","__proto__":"y","hasOwnProperty":"1"}') as Record<string, string>;
    expect(typedQuery(operation('get_subscription'), query)).toEqual(query);
  });
});
