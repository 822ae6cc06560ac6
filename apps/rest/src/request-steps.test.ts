import { createTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { serveThrough } from './request-steps.js';
import type { Step } from './step.js';

/** A step that writes what it saw into `seen`, and answers when `answers` says so. */
const recording = (name: string, seen: string[], answers: 'never' | 'now' | 'later' = 'never'): Step => ({
  name,
  enter: () => {
    seen.push(`enter ${name}`);
    const answer = new Response(name);
    if (answers === 'now') return answer;
    return answers === 'later' ? Promise.resolve(answer) : null;
  },
  leave: (_pass, answer) => {
    seen.push(`leave ${name}`);
    return answer;
  },
});

const waiting: Step = { name: 'waits', enter: () => Promise.resolve(null) };

describe('serveThrough', () => {
  it('runs each enter in order until one answers, then every leave in order on that answer', async () => {
    const seen: string[] = [];
    const serve = serveThrough([recording('a', seen), waiting, recording('b', seen, 'later'), recording('c', seen, 'now')], createTestServices().logger);
    const answer = await serve(new Request('http://localhost/x'));
    expect(await answer.text()).toBe('b');
    expect(seen).toEqual(['enter a', 'enter b', 'leave a', 'leave b', 'leave c']);
  });

  it('answers without waiting when no step waits', () => {
    const serve = serveThrough([recording('a', []), recording('b', [], 'now')], createTestServices().logger);
    expect(serve(new Request('http://localhost/x'))).toBeInstanceOf(Response);
  });

  it('answers INTERNAL_ERROR for what a step throws or rejects with, still leaving through every step', async () => {
    const services = createTestServices();
    for (const enter of [() => { throw new Error('thrown'); }, () => Promise.reject(new Error('rejected'))]) {
      const seen: string[] = [];
      const serve = serveThrough([recording('a', seen), { name: 'fails', enter }, recording('b', seen, 'now')], services.logger);
      const answer = await serve(new Request('http://localhost/x'));
      expect([answer.status, seen]).toEqual([500, ['enter a', 'leave a', 'leave b']]);
    }
    expect(services.logger.lines.filter((line) => line.event === 'unhandled_exception')).toHaveLength(2);
  });

  it('answers INTERNAL_ERROR when no step answers: a list without a route', async () => {
    const answer = await serveThrough([recording('a', [])], createTestServices().logger)(new Request('http://localhost/x'));
    expect(answer.status).toBe(500);
  });
});
