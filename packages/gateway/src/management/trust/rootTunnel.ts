import WebSocket from 'ws';
import { backoffDelay } from '../../agent/backoff';
import { tunnelClientOptions } from '../../agent/tunnel/clientOptions';
import { Mux } from '../../agent/tunnel/mux';
import { rejectCloseCode } from '../../agent/tunnel/requests';
import type { MuxStream } from '../../agent/tunnel/stream';
import { rootWelcome, webStreamRequest, type RemoteCaller, type RootWelcome } from './protocol';

/** What a leaf tells its root about itself in each hello and heartbeat. */
export interface LeafReport {
  nodeCount: number;
  publicUrl: string;
  version: string;
}

export interface RootTunnelOptions {
  /** The root's tunnel (ws:// or wss://…/v1/cluster/tunnel). */
  url: URL;
  /** This leaf's cluster name. */
  cluster: string;
  /** The root's join token (the first time), or the identity it issued. */
  credentials: { joinToken: string } | { secret: string };
  report(): Promise<LeafReport>;
  /** A root user's request arrived on a new stream. */
  onRequest(stream: MuxStream, caller: RemoteCaller): void;
  /** The root issued this leaf its identity, in return for the token: keep it for reconnecting. */
  onIssued(secret: string): Promise<void>;
  log(message: string): void;
  /** Reconnect backoff bounds in ms (tests shorten them). */
  backoff?: { first: number; max: number };
}

/**
 * A leaf's tunnel to its root: the leaf dials out (nothing needs to reach the leaf), proves itself, heartbeats
 * and serves the root users' requests on the streams the root opens, reconnecting with backoff whenever the
 * connection drops, until stopped.
 */
export class RootTunnel {
  private socket: WebSocket | undefined;
  private stopped = false;
  private attempt = 0;
  private retry: NodeJS.Timeout | undefined;
  private credentials: RootTunnelOptions['credentials'];
  private connected = false;

  constructor(private readonly o: RootTunnelOptions) {
    this.credentials = o.credentials;
  }

  get online(): boolean {
    return this.connected;
  }

  /**
   * Connects; resolves with the root's welcome, or rejects with the root's refusal (a wrong token, a name taken)
   * or why it could not be reached. Only the first attempt is reported: afterwards the tunnel keeps reconnecting.
   */
  start(): Promise<RootWelcome> {
    return new Promise((resolve, reject) => this.connect({ resolve, reject }));
  }

  /** Connects and keeps reconnecting, whatever the first attempt meets (a leaf restarting while its root is down). */
  run(): void {
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    this.socket?.close(1000, 'trust removed or disabled');
  }

  private connect(first?: { resolve: (w: RootWelcome) => void; reject: (err: Error) => void }): void {
    if (this.stopped) return;
    const socket = new WebSocket(this.o.url, tunnelClientOptions);
    this.socket = socket;
    let welcomed = false;
    socket.on('open', () => {
      const mux = new Mux(socket, 'agent');
      mux.once('message', (raw) => {
        const welcome = rootWelcome.safeParse(raw);
        if (!welcome.success) return mux.close(1002, 'expected a welcome');
        welcomed = true;
        this.connected = true;
        this.attempt = 0;
        const issued = welcome.data.secret;
        const accepted = issued ? this.o.onIssued(issued).then(() => void (this.credentials = { secret: issued })) : Promise.resolve();
        accepted.then(
          () => first?.resolve(welcome.data),
          (err: Error) => first?.reject(err),
        );
        mux.keepAlive(welcome.data.heartbeatMs, () => void this.o.report().then((r) => mux.send({ type: 'heartbeat', nodeCount: r.nodeCount }), () => undefined));
      });
      mux.on('stream', (stream, raw) => {
        const request = webStreamRequest.safeParse(raw);
        if (!request.success) return stream.reset('this leaf serves only web requests');
        this.o.onRequest(stream, request.data.request);
      });
      void this.o.report().then(
        (r) => mux.send({ type: 'hello', version: 1, cluster: this.o.cluster, ...this.credentials, publicUrl: r.publicUrl, nodeCount: r.nodeCount, gatewayVersion: r.version }),
        (err: Error) => mux.close(1011, `cannot report to the root: ${err.message}`),
      );
    });
    socket.on('error', (err) => {
      this.o.log(`tunnel to ${this.o.url.host}: ${err.message}`);
      if (!welcomed) first?.reject(new Error(`the root cluster at ${this.o.url.host} cannot be reached: ${err.message}`));
    });
    socket.on('close', (code, reason) => {
      this.connected = false;
      const why = reason.toString() || `code ${code}`;
      if (!welcomed && code === rejectCloseCode) first?.reject(new Error(`the root cluster refused this cluster: ${why}`));
      else if (!welcomed) first?.reject(new Error(`the root cluster at ${this.o.url.host} closed the tunnel: ${why}`));
      // The first attempt answers the person who asked; a tunnel that had joined keeps trying.
      if (first && !welcomed) return void (this.stopped = true);
      if (this.stopped) return;
      this.retry = setTimeout(() => this.connect(), backoffDelay(this.attempt++, this.o.backoff?.first, this.o.backoff?.max));
    });
  }
}
