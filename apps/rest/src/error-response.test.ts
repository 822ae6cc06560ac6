import { appError, renderError, renderHttpStatus } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { errorResponse } from './error-response.js';

describe('errorResponse', () => {
  it('sends the rendered status and exactly the ErrorResult as JSON', async () => {
    const rendered = renderError(appError('QUOTA_EXCEEDED'));
    const response = errorResponse(rendered);
    expect(response.status).toBe(429);
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(await response.json()).toEqual(rendered.body);
    expect(response.headers.get('retry-after')).toBeNull();
  });

  it('adds Retry-After in whole seconds when the error says when to retry', () => {
    expect(errorResponse(renderError(appError('BROKER_RATE_LIMITED', { retryAfterSeconds: 30 }))).headers.get('retry-after')).toBe('30');
    expect(errorResponse(renderError(appError('RATE_LIMITED', { retryAfterSeconds: 1.2 }))).headers.get('retry-after')).toBe('2');
    expect(errorResponse(renderError(appError('RATE_LIMITED', { retryAfterSeconds: 0 }))).headers.get('retry-after')).toBe('0');
  });

  it('keeps a bare status that the fallback table lacks', async () => {
    const response = errorResponse(renderHttpStatus(415, 'Send JSON.'));
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: 'BAD_REQUEST', message: 'Send JSON.' });
  });
});
