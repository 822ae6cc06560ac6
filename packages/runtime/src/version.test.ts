import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { CONDOR_VERSION } from './version.js';

it("is the runtime package's version", () => {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  expect(CONDOR_VERSION).toBe(version);
});
