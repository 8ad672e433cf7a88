/**
 * Many sessions can end in the same turn of the event loop: a dropped tunnel ends every session on it, and a load
 * test's shells all exit at once. Ended together, their endings (telling the parties, the session.end events, the
 * recordings' last writes) held the gateway's loop for seconds: 5,000 took 4.6 s, and the agents' keep-alive
 * went unanswered meanwhile.
 */
import { performance } from 'node:perf_hooks';
import { turnBudgetMs } from '../../src/resources/core/pacedQueue';
import type { SessionCore } from '../../src/resources/core/sessionCore';
import { startGateway, type Client, type TestGateway } from '../harness';
import { eventually, TerminalClient } from '../servers/fixtures';
import { dropEchoChannels, echoModule, echoResource } from './echoKind';

const sessions = 60;

const watcherRole = `
kind: role
metadata: { name: echo-watcher }
spec:
  allow:
    rules: [{ resources: [session_tracker, session, event], verbs: [list, read] }]
`;

/** Holds the event loop for `ms`, as an ending that costs that much would. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('sessions ending in the same turn of the event loop', () => {
  let gw: TestGateway;
  let user: Client & { name: string };
  let core!: SessionCore;
  beforeAll(async () => {
    gw = await startGateway({ resources: { modules: [echoModule, (resources) => (core = resources.core)] } });
    await gw.createRole(watcherRole);
    user = await gw.signIn({ roles: ['echo-watcher'] });
  });
  afterAll(() => gw.close());

  it('end a slice at a time, each turn within its budget, every one audited and its recording finished', async () => {
    const terminals = await Promise.all(
      Array.from({ length: sessions }, () => TerminalClient.connect(gw, user, `/v1/webapi/sites/localhost/echo/${echoResource.id}?access_token=${user.session!.token}&login=echoer&w=80&h=24`)),
    );
    await Promise.all(terminals.map((t) => t.waitFor(/echo ready/)));
    const sids = core.list().map((s) => s.id);
    expect(sids).toHaveLength(sessions);

    // Turns are counted by an immediate that renews itself: one a turn. Each ending is made to cost at least a
    // millisecond, so how many one turn takes does not depend on the machine's speed.
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const endedInTurn: number[] = [];
    core.tracker.on('end', () => {
      endedInTurn.push(turn);
      busy(1);
    });
    dropEchoChannels('tunnel closed');
    await Promise.all(terminals.map((t) => t.closed));
    ticking = false;

    expect(endedInTurn).toHaveLength(sessions);
    const perTurn = new Map<number, number>();
    for (const t of endedInTurn) perTurn.set(t, (perTurn.get(t) ?? 0) + 1);
    // Without pacing, all of them ended in the turn the channels did.
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(turnBudgetMs + 1);

    const ends = await eventually(async () => {
      const { events } = await gw.server.store.events.search({ from: 0, to: Date.now() + 1000, limit: 1000, order: 'asc', types: ['session.end'] });
      return events.length === sessions && events.map((e) => e.data);
    }, 'every session.end event');
    expect(new Set(ends.map((e) => e.sid))).toEqual(new Set(sids));
    expect(ends.every((e) => e.error === 'tunnel closed')).toBe(true);
    for (const sid of sids) {
      await eventually(async () => (await user.get(`/v1/webapi/sites/localhost/sessions/${sid}/recording`)).body.complete === true, `the recording of ${sid} to be complete`);
    }
    expect(core.list()).toEqual([]);
  });
});
