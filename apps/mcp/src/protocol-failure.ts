import type { RenderedError } from '@condor/core';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

/** A contract error as a JSON-RPC error (of a method other than tools/call): its message, and the ErrorResult as data. */
export const protocolFailure = ({ status, body }: RenderedError): ProtocolError =>
  new ProtocolError(status >= 500 ? ProtocolErrorCode.InternalError : ProtocolErrorCode.InvalidParams, body.message, body);
