import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKED_AGAINST } from './checked-against.js';

/** The version in the installed package's own package.json (its exports do not include package.json: found from its entry). */
function installedVersion(name: string): string {
  const entry = createRequire(import.meta.url).resolve(name);
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === name && typeof manifest.version === 'string') return manifest.version;
    } catch {
      // No package.json at this level: keep climbing.
    }
  }
  throw new Error(`no package.json of ${name} above ${entry}`);
}

describe('the SDK the mirror rules were checked against', () => {
  it('is the SDK installed', () => {
    const installed = installedVersion(CHECKED_AGAINST.package);
    expect(
      installed,
      `${CHECKED_AGAINST.package} is ${installed}, but the rules in apps/mcp/src/sdk-mirror were checked against ${CHECKED_AGAINST.version}. ` +
        'Re-check every rule there against the new version (what it takes as a plain request, answer bytes and key orders, error shapes, ' +
        'when it answers once), run the differential tests in apps/mcp/test/sdk-mirror, then update CHECKED_AGAINST.',
    ).toBe(CHECKED_AGAINST.version);
  });
});
