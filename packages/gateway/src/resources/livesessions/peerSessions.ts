import type { ParticipantMode } from '@portcullis/shared';
import type { Identity } from '../../platform/access/identity';
import type { ClusterBus } from '../../platform/peers/bus';
import type { GatewayPeers } from '../../platform/peers/peers';
import type { Store } from '../../platform/storage/store';
import { joinModes } from '../core/joinPolicy';
import type { SessionCore } from '../core/sessionCore';
import type { TrackedSession } from '../core/tracker';

interface RemoteSession {
  session: TrackedSession;
  /** Null: only the gateway holding it can tell who may join (a database or desktop connection). */
  ownerRoles: string[] | null;
  gatewayId: string;
}

/**
 * The live sessions of the other gateways on the database. This gateway writes a row for each session it holds
 * (and tells the others), and keeps theirs in memory, so Active Sessions lists every session and a joiner is
 * sent to the gateway whose memory holds the session's terminal.
 */
export class PeerSessions {
  private remote = new Map<string, RemoteSession>();
  private writes: Promise<void> = Promise.resolve();
  /** Whether a read of the other gateways' sessions is under way, and whether news came since it began. */
  private loading = false;
  private stale = false;

  constructor(
    private readonly store: Store,
    private readonly bus: ClusterBus,
    private readonly peers: GatewayPeers,
    private readonly core: SessionCore,
    private readonly warn: (message: string) => void,
    refreshMs: number,
  ) {
    // One write at a time, in the order of the events, so a short session's end never precedes its start. The
    // first runs once the event's caller has finished, when the session's owner roles are known.
    const write = (s: TrackedSession) => this.serially(() => this.write(s), `could not share session ${s.id} with the other gateways`);
    core.tracker.on('start', write);
    core.tracker.on('update', write);
    core.tracker.on('end', (s) => this.serially(() => this.remove(s.id), `could not tell the other gateways that session ${s.id} ended`));
    bus.on('sessions', () => this.reload());
    // Parties' activity times change without a tracker event; the rows are refreshed with them now and then.
    const timer = setInterval(() => {
      for (const s of core.list()) write(s);
      this.reload();
    }, refreshMs);
    timer.unref();
  }

  /** Sessions held by the other gateways, with the modes `identity` may join them in. */
  list(identity: Identity): { session: TrackedSession; modes: ParticipantMode[] }[] {
    return [...this.remote.values()].map((r) => ({ session: r.session, modes: this.modes(identity, r) }));
  }

  get(sid: string, identity: Identity): { session: TrackedSession; modes: ParticipantMode[] } | undefined {
    const r = this.remote.get(sid);
    return r && { session: r.session, modes: this.modes(identity, r) };
  }

  /** The address of the gateway holding session `sid`, when another gateway does. */
  holderOf(sid: string): string | undefined {
    const r = this.remote.get(sid);
    return r && this.peers.addressOf(r.gatewayId);
  }

  private serially(work: () => Promise<void>, failure: string): void {
    this.writes = this.writes.then(work).catch((err: Error) => this.warn(`${failure}: ${err.message}`));
  }

  private modes(identity: Identity, r: RemoteSession): ParticipantMode[] {
    return r.ownerRoles ? joinModes(identity.roles, r.ownerRoles, r.session.kind) : [];
  }

  private async write(s: TrackedSession): Promise<void> {
    const row = {
      gateway_id: this.peers.id,
      session: JSON.stringify(s),
      owner_roles: this.ownerRolesOf(s.id),
      updated_at: Date.now(),
    };
    await this.store.transaction(async (tx) => {
      await tx.db
        .insertInto('live_sessions')
        .values({ sid: s.id, ...row })
        .onConflict((oc) => oc.column('sid').doUpdateSet(row))
        .execute();
      await this.bus.publish(tx, 'sessions', s.id);
    });
  }

  private ownerRolesOf(sid: string): string | null {
    const live = this.core.liveSession(sid);
    return live ? JSON.stringify(live.ownerRoles) : null;
  }

  private async remove(sid: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      await tx.db.deleteFrom('live_sessions').where('sid', '=', sid).where('gateway_id', '=', this.peers.id).execute();
      await this.bus.publish(tx, 'sessions', sid);
    });
  }

  /**
   * Reads the other gateways' sessions again. News that comes while a read is under way is answered by one more
   * read once it is done, not one each: every session a gateway starts or ends is a notification on every gateway,
   * and a read of every row for each made thousands of sessions ending at once quadratic.
   */
  private reload(): void {
    if (this.loading) {
      this.stale = true;
      return;
    }
    this.loading = true;
    void this.load().then(() => {
      this.loading = false;
      if (!this.stale) return;
      this.stale = false;
      this.reload();
    });
  }

  private async load(): Promise<void> {
    try {
      const rows = await this.store.db.selectFrom('live_sessions').selectAll().where('gateway_id', '!=', this.peers.id).execute();
      this.remote = new Map(
        rows.map((r) => [r.sid, { session: JSON.parse(r.session) as TrackedSession, ownerRoles: r.owner_roles === null ? null : (JSON.parse(r.owner_roles) as string[]), gatewayId: r.gateway_id }]),
      );
    } catch (err) {
      this.warn(`could not read the other gateways' sessions: ${(err as Error).message}`);
    }
  }
}
