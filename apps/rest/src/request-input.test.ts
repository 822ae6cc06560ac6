import { defineOperation, type AnyOperation } from '@condor/core';
import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isJsonMediaType, queryInput, readInput } from './request-input.js';

const operation = (method: 'GET' | 'POST'): AnyOperation =>
  defineOperation({
    name: 'get_optimization_history',
    title: 'test',
    description: 'test',
    input: v.strictObject({
      ticker: v.optional(v.string()),
      tag: v.optional(v.array(v.string())),
      item_id: v.string(),
      page_size: v.optional(v.number()),
      flag: v.optional(v.boolean()),
      label: v.optional(v.union([v.string(), v.number()])),
    }),
    output: v.unknown(),
    access: 'public',
    needsBroker: false,
    quota: false,
    rest: { method, path: '/items/:item_id' },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    errors: [],
    handler: () => {
      throw new Error('readInput never calls the handler');
    },
  });

describe('readInput', () => {
  const app = new Hono()
    .get('/items/:item_id', async (c) => c.json(await readInput(c.req.raw, c.req.param(), operation('GET'))))
    .post('/items/:item_id', async (c) => c.json(await readInput(c.req.raw, c.req.param(), operation('POST'))))
    .post('/plain', async (c) => c.json(await readInput(c.req.raw, c.req.param(), operation('POST'))));

  it('types query values the operation declares as numbers or booleans, and only exact literals', async () => {
    const typed = await (await app.request('/items/7?page_size=20&flag=true&label=5&ticker=10')).json();
    expect(typed).toEqual({ ok: true, value: { page_size: 20, flag: true, label: '5', ticker: '10', item_id: '7' } });
    const untouched = await (await app.request('/items/7?page_size=20abc&flag=yes')).json();
    expect(untouched).toEqual({ ok: true, value: { page_size: '20abc', flag: 'yes', item_id: '7' } });
  });

  it('turns the query string into an object, repeated names into arrays, path parameters merged over it', async () => {
    const response = await app.request('/items/i-1?ticker=SPY&tag=a&tag=b&item_id=ignored');
    expect(await response.json()).toEqual({ ok: true, value: { ticker: 'SPY', tag: ['a', 'b'], item_id: 'i-1' } });
  });

  it('merges path parameters over an object body, and leaves other JSON values alone', async () => {
    const post = (path: string, body: string) =>
      app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(await (await post('/items/i-2', '{"qty":1}')).json()).toEqual({ ok: true, value: { qty: 1, item_id: 'i-2' } });
    expect(await (await post('/items/i-2', '[1]')).json()).toEqual({ ok: true, value: [1] });
    expect(await (await post('/plain', '"text"')).json()).toEqual({ ok: true, value: 'text' });
    expect(await (await post('/plain', ' \n')).json()).toEqual({ ok: true, value: {} });
  });
});

describe('queryInput', () => {
  it('keeps single values as strings', () => {
    expect(queryInput({ a: ['1'], b: ['x', 'y'], c: [''] })).toEqual({ a: '1', b: ['x', 'y'], c: '' });
  });
});

describe('isJsonMediaType', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['APPLICATION/JSON', true],
    ['application/problem+json', false],
    ['text/json', false],
    ['text/plain', false],
    [undefined, false],
  ])('%s -> %s', (contentType, expected) => {
    expect(isJsonMediaType(contentType)).toBe(expected);
  });
});
