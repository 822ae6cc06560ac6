import { PassThrough } from 'node:stream';
import { RecordingLogger } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { answerClientError } from './client-error.js';

/** The status and message written on the socket for a parser failure with Node's `code`. */
function answerTo(code: string | undefined): [number, unknown] {
  const socket = new PassThrough();
  answerClientError(new RecordingLogger())(Object.assign(new Error('parse error'), code === undefined ? {} : { code }), socket);
  const raw = String(socket.read());
  socket.destroy();
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return [Number(head.split(' ')[1]), (JSON.parse(body) as { message: unknown }).message];
}

describe('answerClientError', () => {
  it('answers a parser failure with its own status and words, and anything else as not HTTP/1.1', () => {
    expect(answerTo('HPE_HEADER_OVERFLOW')).toEqual([431, expect.stringMatching(/^The request line and headers are larger than \d+ KB; shorten/)]);
    expect(answerTo('HPE_CHUNK_EXTENSIONS_OVERFLOW')).toEqual([413, 'The chunk extensions of the request body are too large.']);
    expect(answerTo('ERR_HTTP_REQUEST_TIMEOUT')).toEqual([408, 'The request took too long to arrive.']);
    expect(answerTo('HPE_INVALID_METHOD')).toEqual([400, 'The request is not valid HTTP/1.1.']);
    expect(answerTo(undefined)).toEqual([400, 'The request is not valid HTTP/1.1.']);
  });
});
