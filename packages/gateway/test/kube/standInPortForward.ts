import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { SpdyServerSession, type SpdyStream } from './standInSpdySession';

/** The port-forward protocol kubectl asks for, over a SPDY upgrade or tunnelled in a websocket under this name. */
const portForwardProtocol = 'portforward.k8s.io';
export const tunnelledPortForwardProtocol = `SPDY/3.1+${portForwardProtocol}`;

/**
 * `kubectl port-forward` on the stand-in, both ways kubectl 1.32 reaches it: a websocket whose binary messages carry a
 * SPDY/3.1 connection (its default), or a plain SPDY/3.1 upgrade (KUBECTL_PORT_FORWARD_WEBSOCKETS=false, and older
 * kubectl). The stand-in's pods are this machine, so a forwarded port is that port on loopback.
 */
export class PortForwards {
  private readonly sessions = new Set<SpdyServerSession>();
  private readonly tunnels = new WebSocketServer({ noServer: true, perMessageDeflate: false });

  constructor() {
    // ws refuses the subprotocol's name ("/" is no token character), so it is taken off the request and put on the answer here.
    this.tunnels.on('headers', (headers) => headers.push(`Sec-WebSocket-Protocol: ${tunnelledPortForwardProtocol}`));
  }

  /** Takes the upgrade, or says why not (a 400's message) without touching the socket. */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer): string | undefined {
    const upgrade = req.headers.upgrade?.toLowerCase();
    if (upgrade === 'websocket') {
      const offered = req.headers['sec-websocket-protocol']?.split(',').map((p) => p.trim()) ?? [];
      if (!offered.includes(tunnelledPortForwardProtocol)) return `port-forward over websockets needs the ${tunnelledPortForwardProtocol} subprotocol`;
      delete req.headers['sec-websocket-protocol'];
      this.tunnels.handleUpgrade(req, socket, head, (ws) => this.serve(createWebSocketStream(ws)));
      return undefined;
    }
    const versions = req.headersDistinct['x-stream-protocol-version'] ?? [];
    if (upgrade !== 'spdy/3.1' || !versions.includes(portForwardProtocol)) return `port-forward needs an upgrade to SPDY/3.1 with X-Stream-Protocol-Version ${portForwardProtocol}`;
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: SPDY/3.1\r\nX-Stream-Protocol-Version: ${portForwardProtocol}\r\n\r\n`);
    if (head.length) socket.unshift(head);
    this.serve(socket);
    return undefined;
  }

  closeAll(): void {
    this.sessions.forEach((s) => s.close());
    this.tunnels.close();
  }

  /**
   * Each connection kubectl accepts locally comes as two streams with the same requestid: "error", on which a failure
   * is reported as text, and "data", joined here to a connection to the named port.
   */
  private serve(link: Duplex): void {
    const pairs = new Map<string, { error?: SpdyStream; data?: SpdyStream }>();
    const session = new SpdyServerSession(link, (stream, headers) => {
      const header = (name: string) => headers.get(name)?.[0] ?? '';
      const type = header('streamtype');
      if (type !== 'error' && type !== 'data') return stream.reset();
      const pair = pairs.get(header('requestid')) ?? {};
      pair[type] = stream;
      pairs.set(header('requestid'), pair);
      if (!pair.error || !pair.data) return;
      pairs.delete(header('requestid'));
      forward(pair.error, pair.data, Number(header('port')));
    });
    this.sessions.add(session);
    link.on('close', () => this.sessions.delete(session));
  }
}

function forward(error: SpdyStream, data: SpdyStream, port: number): void {
  const pod = connect(port, '127.0.0.1');
  pod.on('connect', () => {
    pod.pipe(data);
    data.pipe(pod);
  });
  // As the kubelet does, a port nothing listens on is reported on the error stream; kubectl prints it and gives the forwarding up.
  pod.on('error', (err) => {
    error.end(`error forwarding port ${port} to pod: ${err.message}`);
    data.end();
  });
  pod.on('close', () => error.end());
  data.on('close', () => pod.destroy());
  error.resume();
}
