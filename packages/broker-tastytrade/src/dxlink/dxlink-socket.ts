import WebSocket, { type RawData } from 'ws';

/** What a socket tells its owner. */
export interface SocketEvents {
  open(): void;
  message(text: string): void;
  /** Once, however the socket ended: 1006 for one dropped or never opened, 1009 for a message too large. */
  close(code: number, reason: string): void;
}

/** The little of a WebSocket the DXLink client uses. */
export interface DxlinkSocket {
  /** Dropped unless the socket is open. */
  send(text: string): void;
  close(code?: number): void;
}

/** Opens a socket to `url`; tests pass their own to watch or break the traffic. */
export type SocketFactory = (url: string, events: SocketEvents) => DxlinkSocket;

/** A delay: `after` calls back once, unless the function it answers is called first. */
export interface Timers {
  after(ms: number, callback: () => void): () => void;
}

export const realTimers: Timers = {
  after(ms, callback) {
    const handle = setTimeout(callback, ms);
    return () => {
      clearTimeout(handle);
    };
  },
};

/** A socket of the `ws` package: Node 20 has no stable global WebSocket client (docs/decisions.md). */
export const wsSocket: SocketFactory = (url, events) => {
  const socket = new WebSocket(url);
  socket.on('open', () => {
    events.open();
  });
  socket.on('message', (data, isBinary) => {
    if (!isBinary) events.message(textOf(data));
  });
  socket.on('close', (code, reason) => {
    events.close(code, reason.toString('utf8'));
  });
  // Every failure is followed by a close, which is what the owner hears.
  socket.on('error', () => undefined);
  return {
    send(text) {
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
    },
    close(code) {
      socket.close(code);
    },
  };
};

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return data instanceof ArrayBuffer ? Buffer.from(data).toString('utf8') : data.toString('utf8');
}
