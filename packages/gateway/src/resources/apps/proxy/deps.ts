import type { Duplex } from 'node:stream';
import type { AppRecord } from '../repo';

/**
 * What the app proxy needs from the app kind: the app a Host names, and a byte stream to its upstream. The
 * gateway passes the app repo and the agent dial (access.ts); the benchmark passes a plain TCP dial.
 */
export interface AppLookup {
  /** The live app served under a Host header's value (HOST or HOST:PORT). */
  byHost(host: string): Promise<AppRecord | undefined>;
}

/** Opens a raw byte stream to the app's upstream host:port; rejects (ResourceUnreachableError) when it cannot. */
export type Dialer = (app: AppRecord) => Promise<Duplex>;
