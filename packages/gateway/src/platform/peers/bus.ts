import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import type { Store } from '../storage/store';

/** What gateways sharing a database tell each other at once: the locks changed; an agent's tunnel moved; a session started, changed or ended. */
export type ClusterTopic = 'locks' | 'agents' | 'sessions';
const topics: readonly string[] = ['locks', 'agents', 'sessions'] satisfies ClusterTopic[];

const channel = 'portcullis';
const reconnectMs = 1_000;

/**
 * Changes every gateway on the database must hear of at once. On PostgreSQL a NOTIFY sent inside the
 * transaction that made the change (delivered when it commits, never for one rolled back) reaches every
 * gateway's LISTEN connection; on SQLite only one gateway can use the file, so the news stays in the process.
 * Listeners must still read the database for the truth: a notification says only what to read again.
 */
export class ClusterBus {
  private readonly local = new EventEmitter<Record<ClusterTopic, [detail: string]>>();
  private client: pg.Client | undefined;
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly dbUrl: string | undefined,
    private readonly warn: (message: string) => void = (m) => process.emitWarning(m),
  ) {
    this.local.setMaxListeners(0);
  }

  /** On PostgreSQL, opens the listening connection (and keeps reopening it). */
  async start(): Promise<void> {
    if (this.store.engine === 'postgres' && this.dbUrl) await this.listen();
  }

  on(topic: ClusterTopic, listener: (detail: string) => void): void {
    this.local.on(topic, listener);
  }

  /** Tells every gateway, this one included, when `store`'s transaction commits (at once outside one). */
  async publish(store: Store, topic: ClusterTopic, detail = ''): Promise<void> {
    if (store.engine === 'postgres' && this.dbUrl) {
      await sql`select pg_notify(${channel}, ${`${topic}:${detail}`})`.execute(store.db);
    } else {
      queueMicrotask(() => this.local.emit(topic, detail));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.dbUrl });
    this.client = client;
    client.on('notification', (n) => {
      const payload = n.payload ?? '';
      const i = payload.indexOf(':');
      const topic = payload.slice(0, i) as ClusterTopic;
      if (topics.includes(topic)) this.local.emit(topic, payload.slice(i + 1));
    });
    // A lost listening connection is reopened; what was missed meanwhile is caught by the listeners' own polls.
    client.on('error', (err) => {
      if (this.closed) return;
      this.warn(`lost the database notification connection: ${err.message}; reconnecting`);
      void client.end().catch(() => undefined);
      setTimeout(() => void this.reconnect(), reconnectMs).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${channel}`);
  }

  private async reconnect(): Promise<void> {
    if (this.closed) return;
    try {
      await this.listen();
      // Anything may have changed while nobody listened.
      for (const topic of topics) this.local.emit(topic as ClusterTopic, '');
    } catch (err) {
      this.warn(`could not reopen the database notification connection: ${(err as Error).message}`);
      setTimeout(() => void this.reconnect(), reconnectMs).unref();
    }
  }
}
