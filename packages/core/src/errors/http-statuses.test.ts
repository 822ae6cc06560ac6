import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from './catalogue.js';
import { HTTP_STATUSES, statusWords } from './http-statuses.js';

describe('HTTP_STATUSES', () => {
  it('gives a status a code of that same status in the catalogue, when it gives one', () => {
    for (const [status, spec] of Object.entries(HTTP_STATUSES)) {
      if ('code' in spec) expect(ERROR_CATALOGUE[spec.code].status, status).toBe(Number(status));
    }
  });

  it('has words for its statuses, and general ones for a status it lacks', () => {
    expect(statusWords(404)).toBe('Nothing exists at this address.');
    expect(statusWords(415)).toBe('The request body has an unsupported media type.');
    expect(statusWords(418)).toBe('The request was refused.');
    expect(statusWords(500)).toBe('The server failed to handle the request.');
    expect(statusWords(502)).toBe('The server failed to handle the request.');
    expect(statusWords(503)).toBe('The service is unavailable.');
  });
});
