/** The test projects: one per package, each named after it. `vitest.config.ts` reads this list. */
export const projects = [
  'packages/core',
  'packages/store-sql',
  'packages/broker-sim',
  'packages/broker-alpaca',
  'packages/broker-tastytrade',
  'packages/broker-schwab',
  'packages/runtime',
  'packages/testkit',
  'packages/notify',
  'apps/rest',
  'apps/mcp',
  'apps/web',
] as const;
