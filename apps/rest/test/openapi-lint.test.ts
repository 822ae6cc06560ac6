import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { CATALOGUE } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/index.js';

const REDOCLY = resolve(import.meta.dirname, '../node_modules/.bin/redocly');

interface LintTotals {
  readonly totals: { readonly errors: number; readonly warnings: number };
  readonly problems: readonly { readonly ruleId: string; readonly message: string; readonly severity: string }[];
}

type Operation = Record<string, unknown> & { responses: Record<string, Record<string, unknown>>; security: unknown[] };

const operations = (): [string, string, Operation][] =>
  Object.entries(buildOpenApiDocument().paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, string, Operation] => [path, method, operation as Operation]),
  );

describe('the OpenAPI document as the ecosystem reads it', () => {
  it('passes redocly lint with its recommended rules: no errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'condor-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(buildOpenApiDocument()));
      const { stdout } = await promisify(execFile)(REDOCLY, ['lint', '--extends', 'recommended', '--format', 'json', file], { timeout: 60_000 }).catch(
        // redocly exits non-zero when it finds problems; its report is on stdout either way.
        (failed: unknown) => ({ stdout: (failed as { stdout?: string }).stdout ?? '' }),
      );
      const report = JSON.parse(stdout) as LintTotals;
      expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('names a server, and says explicitly that public operations take no credentials', () => {
    const document = buildOpenApiDocument();
    expect(document.servers).toEqual([expect.objectContaining({ url: expect.stringMatching(/^http/) as unknown })]);
    for (const [, , operation] of operations()) {
      const op = CATALOGUE.find((o) => o.name === operation.operationId);
      expect(operation.security, String(operation.operationId)).toEqual(op?.access === 'public' ? [] : [{ bearerAuth: [] }, { cookieAuth: [] }]);
    }
  });

  it('documents 405, 429 and, for bodies, 413 and 415, each with machine-readable error codes', () => {
    for (const [path, method, operation] of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.responses['405']?.['x-error-codes'], where).toEqual(['BAD_REQUEST']);
      expect(operation.responses['429']?.['x-error-codes'], where).toContain('RATE_LIMITED');
      for (const status of ['413', '415']) {
        if (method === 'get') expect(operation.responses[status], where).toBeUndefined();
        else expect(operation.responses[status]?.['x-error-codes'], where).toEqual(['BAD_REQUEST']);
      }
      const listed = Object.entries(operation.responses).flatMap(([, response]) => (response['x-error-codes'] as string[] | undefined) ?? []);
      expect([...new Set(listed)].sort(), where).toEqual([...(operation['x-error-codes'] as string[])].sort());
      const op = CATALOGUE.find((o) => o.name === operation.operationId);
      for (const code of op?.errors ?? []) if (!code.startsWith('CANCEL_FAILED')) expect(listed, `${where} ${code}`).toContain(code);
    }
  });
});
