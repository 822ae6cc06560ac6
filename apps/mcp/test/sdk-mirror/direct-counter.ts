import type * as DirectPathModule from '../../src/direct/direct-path.js';

/**
 * How many requests the direct path has answered in this test file (the module mock below counts them), and the tools
 * of the calls among them, in order.
 */
export const directAnswers = { count: 0, tools: [] as string[] };

/**
 * The direct-path module with its answers counted, for `vi.mock('../../src/direct/direct-path.js', …)`: a test can then
 * tell which path served a request. A test's mock factory loads this module dynamically and passes `counting` the
 * original module (see direct-routing.test.ts).
 */
export function counting(original: typeof DirectPathModule): typeof DirectPathModule {
  return {
    ...original,
    directPath: (...args) => {
      const answer = original.directPath(...args);
      return (...call) => {
        const [route] = call;
        directAnswers.count += 1;
        if (route.method === 'tools/call') directAnswers.tools.push(route.params.name as string);
        return answer(...call);
      };
    },
  };
}
