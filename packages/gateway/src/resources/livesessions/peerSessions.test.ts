import { EventEmitter } from 'node:events';
import type { ClusterBus } from '../../platform/peers/bus';
import type { GatewayPeers } from '../../platform/peers/peers';
import type { Store } from '../../platform/storage/store';
import type { SessionCore } from '../core/sessionCore';
import { SessionTracker } from '../core/tracker';
import { PeerSessions } from './peerSessions';

/** A store whose one query (the other gateways' sessions) is counted and answered when the test says so. */
function countingStore() {
  const reads: (() => void)[] = [];
  const chain = { selectAll: () => chain, where: () => chain, execute: () => new Promise<unknown[]>((resolve) => reads.push(() => resolve([]))) };
  const store = { db: { selectFrom: () => chain } } as unknown as Store;
  return { store, reads };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the other gateways’ sessions', () => {
  it('are read again once per burst of news, not once per notification', async () => {
    const { store, reads } = countingStore();
    const bus = new EventEmitter();
    const core = { tracker: new SessionTracker(), list: () => [] } as unknown as SessionCore;
    new PeerSessions(store, bus as unknown as ClusterBus, { id: 'this-gateway' } as unknown as GatewayPeers, core, () => undefined, 3_600_000);

    // A thousand sessions ending elsewhere at once: a thousand notifications in a row.
    for (let i = 0; i < 1000; i += 1) bus.emit('sessions', `sid-${i}`);
    await settled();
    expect(reads).toHaveLength(1);
    // News during the read is answered by one more read after it, so nothing that changed meanwhile is missed.
    reads.shift()!();
    await settled();
    expect(reads).toHaveLength(1);
    reads.shift()!();
    await settled();
    expect(reads).toHaveLength(0);

    bus.emit('sessions', 'sid-late');
    await settled();
    expect(reads).toHaveLength(1);
  });
});
