import { startGateway, type Client, type TestGateway } from '../harness';
import { createJoinToken, eventually, operatorRole, startAgent, TerminalClient } from '../servers/fixtures';

/** Reads recordings and reviews them (session update), and reads the audit log. */
const reviewerRole = `
kind: role
metadata: { name: recordings-reviewer }
spec:
  allow:
    rules: [{ resources: [session, event], verbs: [list, read, update] }]
`;

/** Reads recordings, but may not change their review or share them. */
const readerRole = `
kind: role
metadata: { name: recordings-reader }
spec:
  allow:
    rules: [{ resources: [session], verbs: [list, read] }]
`;

export interface RecordedGateway {
  gw: TestGateway;
  /** May open sessions on the test node and review recordings. */
  reviewer: Client & { name: string };
  /** May read recordings only. */
  reader: Client & { name: string };
  /** Moves the gateway's clock forward (its `now`), e.g. past a link's expiry. */
  advance(ms: number): void;
  /**
   * Runs `steps` in a real shell on the test node as the reviewer, then exits; answers the session id once its
   * recording is complete. Each step is typed and its expected output waited for before the next.
   */
  /** The audit events with `code`, oldest first, including those written on the moved clock. */
  audit(code: string): Promise<Record<string, unknown>[]>;
  record(steps: { type: string; until: RegExp }[]): Promise<string>;
  stop(): Promise<void>;
}

/** A gateway with an agent node and users to record, read and review sessions, on a clock tests can move. */
export async function startRecordedGateway(): Promise<RecordedGateway> {
  let offset = 0;
  const gw = await startGateway({ now: () => Date.now() + offset });
  await gw.createRole(operatorRole);
  await gw.createRole(reviewerRole);
  await gw.createRole(readerRole);
  const reviewer = await gw.signIn({ roles: ['servers-operator', 'recordings-reviewer'] });
  const reader = await gw.signIn({ roles: ['recordings-reader'] });
  const { agent, nodeId } = await startAgent(gw.url, await createJoinToken(reviewer));
  return {
    gw,
    reviewer,
    reader,
    advance: (ms) => {
      offset += ms;
    },
    async audit(code) {
      const { events } = await gw.server.store.events.search({ from: 0, to: Date.now() + offset + 60_000, limit: 1000, order: 'asc' });
      return events.map((e) => e.data).filter((e) => e.code === code);
    },
    async record(steps) {
      const t = await TerminalClient.open(gw, reviewer, { server_id: nodeId, login: 'root', term: { w: 90, h: 25 } });
      const session = await eventually(async () => t.controls.find((c) => c.type === 'session'), 'the session message');
      const sid = session.type === 'session' ? session.session.id : '';
      for (const step of steps) {
        t.type(step.type);
        await t.waitFor(step.until);
      }
      t.type('exit\r');
      await t.closed;
      await eventually(async () => (await reviewer.get(`/v1/webapi/sites/localhost/sessions/${sid}/recording`)).body.complete === true, 'the finished recording');
      return sid;
    },
    async stop() {
      await agent.stop();
      await gw.close();
    },
  };
}
