// Imports the built package the way another team would (plain Node ESM, no TypeScript, no condor
// adapters) and exercises its public API once. Run after `pnpm build`.
import { CATALOGUE, ERROR_CODES, execute, renderError } from '@condor/core';

const rendered = renderError({ code: 'INVALID_QTY', received: { qty: 0, api_key: 'k-123456' } });
if (rendered.status !== 422 || rendered.body.received.api_key !== '***' || Object.keys(rendered.body).length !== 7) {
  throw new Error(`renderError from dist misbehaves: ${JSON.stringify(rendered)}`);
}
const unknown = await execute('no_such_tool', {}, { services: {}, credential: null, requestId: 'dist', batchKey: null });
if (!unknown.isErr() || unknown.error.body.error !== 'NOT_FOUND') throw new Error('execute from dist misbehaves');
console.log(`@condor/core dist: ${CATALOGUE.length} operations, ${ERROR_CODES.length} error codes — ok`);
