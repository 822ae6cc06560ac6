import { describe, expect, it } from 'vitest';
import { isCrossSiteWrite } from './csrf.js';

describe('isCrossSiteWrite', () => {
  it.each([
    ['DELETE', 'https://evil.example', 'condor.example', true],
    ['POST', 'https://condor.example', 'condor.example', false],
    ['POST', 'https://condor.example', 'CONDOR.example:443', false],
    ['POST', 'http://localhost:8080', 'localhost:8080', false],
    ['POST', 'http://localhost:8080', 'localhost:9090', true],
    ['POST', 'https://condor.example.evil.example', 'condor.example', true],
    ['POST', 'null', 'condor.example', true],
    ['POST', 'not a url', 'condor.example', true],
    ['POST', undefined, 'condor.example', false],
    ['GET', 'https://evil.example', 'condor.example', false],
    ['HEAD', 'https://evil.example', 'condor.example', false],
  ])('%s from %s to %s -> %s', (method, origin, host, expected) => {
    expect(isCrossSiteWrite(method, origin, host)).toBe(expected);
  });
});
