import { encodeControl } from '@portcullis/shared';
import type { Client, TestGateway } from '../harness';
import { eventually, TerminalClient } from '../servers/fixtures';

/**
 * A role whose sessions (every kind) wait for one moderator holding the role `moderators`; `onLeave` says what
 * happens when that moderator leaves a running session.
 */
export const moderatedRole = (name: string, onLeave: 'pause' | 'terminate', extra = '') => `
kind: role
metadata: { name: ${name} }
spec:
  allow:
    require_session_join:
      - name: ${name}-policy
        filter: 'contains(user.spec.roles, "moderators") || equals(user.metadata.name, "root-moderator")'
        kinds: ['*']
        modes: [moderator]
        count: 1
        on_leave: ${onLeave}
${extra}`;

/** May join any session as moderator or observer, and list the live sessions. */
export const moderatorRole = `
kind: role
metadata: { name: moderators }
spec:
  allow:
    join_sessions: [{ name: moderate, roles: ['*'], kinds: ['*'], modes: [moderator, observer] }]
    rules: [{ resources: [session_tracker, session, event], verbs: [list, read] }]
`;

/** The session id from the terminal's session message. */
export async function sessionIdOf(t: TerminalClient): Promise<string> {
  const session = await eventually(async () => t.controls.find((c) => c.type === 'session'), 'the session message');
  return session.type === 'session' ? session.session.id : '';
}

export const joinSession = (gw: TestGateway, client: Client, sid: string, mode: 'observer' | 'moderator') =>
  TerminalClient.open(gw, client, { server_id: 'joining', login: 'joining', sid, mode, term: { w: 80, h: 24 } });

/** How often `text` appears in the terminal's output so far. */
export const occurrences = (t: TerminalClient, text: string) => t.output.split(text).length - 1;

export const sendControl = (t: TerminalClient, message: Parameters<typeof encodeControl>[0]) => t.socket.send(encodeControl(message));

export const auditOf = async (gw: TestGateway, sid: string) =>
  (await gw.server.store.events.search({ from: 0, to: Date.now() + 1000, limit: 1000, order: 'asc' })).events.map((e) => e.data).filter((e) => e.sid === sid);
