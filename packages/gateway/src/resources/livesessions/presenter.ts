import type { ParticipantMode, SessionInfo } from '@portcullis/shared';
import type { TrackedSession } from '../terminal/tracker';

/** A live session as the terminal socket's `session` message carries it (shared's sessionMessage). */
export const sessionJson = (s: TrackedSession): SessionInfo => ({
  kind: 'ssh',
  id: s.id,
  namespace: 'default',
  login: s.login,
  server_id: s.serverId,
  server_hostname: s.serverHostname,
  server_addr: s.serverAddr,
  cluster_name: s.clusterName,
  created: new Date(s.created).toISOString(),
  last_active: new Date(s.lastActive).toISOString(),
  terminal_params: s.terminal,
  parties: s.parties.map((p) => ({ id: p.id, user: p.user, remote_addr: p.remoteAddr, server_id: s.serverId, last_active: new Date(p.lastActive).toISOString() })),
});

/** An entry of GET /sites/{id}/sessions (wire notes, "Active sessions"): the session plus what the caller may do. */
export const activeSessionJson = (s: TrackedSession, participantModes: ParticipantMode[]) => ({
  ...sessionJson(s),
  owner: s.owner,
  moderated: false,
  participantModes,
});
