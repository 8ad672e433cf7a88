import type { Duplex } from 'node:stream';

/**
 * How long an idle pooled connection to an app is kept, at most: a sweep every sweepMs lets go of those idle for
 * poolIdleMs, so none is older than 3 s when taken. Below the 5 s keep-alive of common servers (Node's included),
 * so the gateway lets go of a connection before the app closes it under a request in flight.
 */
const poolIdleMs = 2_000;
const sweepMs = 1_000;

/** The request/response exchange that has a connection now: told of every byte the upstream sends, and of its end. */
export interface ConnectionUser {
  data(chunk: Buffer): void;
  /** The upstream ended or closed the connection (err when it broke); the connection is gone. */
  closed(err?: Error): void;
}

/**
 * A connection to an app that serves one exchange at a time. Its listeners are set once for its whole life and
 * hand the bytes to whichever exchange has it, so a request costs no listener set up and torn down.
 */
export class PooledConnection {
  user: ConnectionUser | undefined;
  idleSince = 0;
  private gone = false;

  constructor(
    readonly stream: Duplex,
    private readonly pool: ConnectionPool,
  ) {
    // Bytes on an idle connection answer nothing that was asked: the connection cannot be trusted any more.
    stream.on('data', (chunk: Buffer) => (this.user ? this.user.data(chunk) : this.destroy()));
    stream.on('end', () => this.lost());
    stream.on('close', () => this.lost());
    stream.on('error', (err: Error) => this.lost(err));
  }

  get closed(): boolean {
    return this.gone;
  }

  destroy(): void {
    this.user = undefined;
    this.lost();
  }

  private lost(err?: Error): void {
    if (this.gone) return;
    this.gone = true;
    const user = this.user;
    this.user = undefined;
    this.pool.forget(this);
    this.stream.destroy();
    user?.closed(err);
  }
}

/** Idle keep-alive connections to one app, the most recently used taken first (those stay warm), and a dial for more. */
export class ConnectionPool {
  private readonly idle: PooledConnection[] = [];
  private sweeper: NodeJS.Timeout | undefined;
  private shut = false;

  constructor(
    private readonly dial: () => Promise<Duplex>,
    private readonly maxIdle: number,
  ) {}

  take(): PooledConnection | undefined {
    return this.idle.pop();
  }

  async open(): Promise<PooledConnection> {
    return new PooledConnection(await this.dial(), this);
  }

  /** A connection whose exchange is over, kept for the next one (or closed when the pool is full or shut). */
  release(conn: PooledConnection): void {
    if (conn.closed) return;
    if (this.shut || this.idle.length >= this.maxIdle) return conn.destroy();
    conn.user = undefined;
    conn.idleSince = Date.now();
    // A connection paused for a slow browser must flow again, or the upstream closing it would go unnoticed.
    if (conn.stream.isPaused()) conn.stream.resume();
    this.idle.push(conn);
    this.sweeper ??= setInterval(() => this.sweep(), sweepMs).unref();
  }

  forget(conn: PooledConnection): void {
    const at = this.idle.indexOf(conn);
    if (at !== -1) this.idle.splice(at, 1);
  }

  close(): void {
    this.shut = true;
    for (const conn of this.idle.splice(0)) conn.destroy();
    this.stopSweeping();
  }

  private sweep(): void {
    const before = Date.now() - poolIdleMs;
    // Oldest first: the idle list is in release order.
    while (this.idle.length && this.idle[0]!.idleSince <= before) this.idle.shift()!.destroy();
    if (!this.idle.length) this.stopSweeping();
  }

  private stopSweeping(): void {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }
}
