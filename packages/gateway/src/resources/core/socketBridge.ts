import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Incoming } from './socket';

/** Bytes sent to the websocket but not yet written to its connection, past which the resource's side is paused. */
const maxInFlightBytes = 1024 * 1024;
/** How long the resource may take to close after the client left before its connection is cut. */
const lingerMs = 30_000;

export interface BridgeTotals {
  /** Bytes from the client to the resource (an app, a database), and back. */
  toApp: number;
  fromApp: number;
}

/**
 * Joins a client's websocket (binary frames carry the bytes; text frames are control messages and ignored
 * here) to a resource's byte stream (a TCP app's, a database session's), with backpressure both ways: the
 * websocket is paused while the resource's side is full, and the resource's side while the websocket's unsent
 * bytes pile up. `held` is what the client sent before the resource was reached. Resolves when both are closed, with the bytes carried each way.
 */
export function bridge(socket: WebSocket, app: Duplex, held: Incoming[]): Promise<BridgeTotals> {
  const totals: BridgeTotals = { toApp: 0, fromApp: 0 };
  let inFlight = 0;
  const toApp = (data: Buffer, isBinary: boolean) => {
    if (!isBinary || app.writableEnded) return;
    totals.toApp += data.length;
    if (!app.write(data)) socket.pause();
  };
  for (const [data, isBinary] of held) toApp(data, isBinary);
  socket.on('message', toApp);
  app.on('drain', () => socket.resume());

  app.on('data', (chunk: Buffer) => {
    if (socket.readyState !== socket.OPEN) return;
    totals.fromApp += chunk.length;
    inFlight += chunk.length;
    if (inFlight > maxInFlightBytes) app.pause();
    socket.send(chunk, { binary: true }, () => {
      inFlight -= chunk.length;
      if (app.isPaused() && inFlight <= maxInFlightBytes / 4) app.resume();
    });
  });

  return new Promise((resolve) => {
    let socketClosed = socket.readyState === socket.CLOSED;
    let appClosed = false;
    const settle = () => {
      if (socketClosed && appClosed) resolve(totals);
    };
    // The resource finished (or failed): the client's connection closes once what was sent has gone out.
    app.once('end', () => socket.close(1000, 'the resource closed the connection'));
    app.once('error', () => socket.close(1011, 'the resource connection failed'));
    app.once('close', () => {
      appClosed = true;
      if (socket.readyState === socket.OPEN) socket.close(1000, 'the resource closed the connection');
      settle();
    });
    // The client left: the resource hears its end, and anything it still sends is dropped.
    socket.once('close', () => {
      socketClosed = true;
      app.resume();
      app.end();
      setTimeout(() => app.destroy(), lingerMs).unref();
      settle();
    });
  });
}
