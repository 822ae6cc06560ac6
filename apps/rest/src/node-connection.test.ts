import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { bodilessOverSocket, closeAfterBody, isClosingAfterRefusal } from './node-connection.js';

/** A body still arriving: `controller` pushes the rest of it, `cancelled` settles when the reader gives up. */
function arrivingBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let markCancelled!: () => void;
  const cancelled = new Promise<void>((resolve) => (markCancelled = resolve));
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => (controller = c),
    cancel: () => {
      markCancelled();
    },
  });
  return { reader: stream.getReader(), controller, cancelled };
}

/** A socket whose own `destroySoon` reports when it runs. */
function fakeSocket() {
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const state = { closed: false };
  const socket = {
    destroySoon: () => {
      state.closed = true;
      markClosed();
    },
  } as unknown as Socket;
  return { socket, closed, state };
}

describe('closeAfterBody', () => {
  it('outside Node (no socket in the bindings) cancels the reader', async () => {
    const body = arrivingBody();
    closeAfterBody(undefined, body.reader);
    await body.cancelled;
  });

  it('marks the connection as closing and holds Node\'s close back until the rest of the body is read', async () => {
    const { socket, closed, state } = fakeSocket();
    const body = arrivingBody();
    expect(isClosingAfterRefusal(socket)).toBe(false);
    closeAfterBody({ incoming: { socket, headers: {} } }, body.reader);
    expect(isClosingAfterRefusal(socket)).toBe(true);
    socket.destroySoon();
    await Promise.resolve();
    expect(state.closed).toBe(false);
    body.controller.enqueue(new Uint8Array(1024));
    body.controller.close();
    await closed;
    expect(state.closed).toBe(true);
  });
});

describe('bodilessOverSocket', () => {
  const over = (headers: Record<string, string>) => ({ incoming: { socket: {}, headers } });

  it('is true only for a request from a socket with neither Content-Length nor Transfer-Encoding', () => {
    expect(bodilessOverSocket(over({}))).toBe(true);
    expect(bodilessOverSocket(over({ 'content-length': '0' }))).toBe(false);
    expect(bodilessOverSocket(over({ 'transfer-encoding': 'chunked' }))).toBe(false);
    expect(bodilessOverSocket(undefined)).toBe(false);
    expect(bodilessOverSocket({})).toBe(false);
  });
});
