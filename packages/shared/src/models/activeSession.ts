import { durationText } from '../format/duration';

export type SessionKind = 'ssh' | 'k8s' | 'db' | 'app' | 'desktop';
export type ParticipantMode = 'observer' | 'moderator' | 'peer';

/** An active session as GET /sites/{clusterId}/sessions lists it. */
export interface ActiveSessionJson {
  kind: SessionKind;
  id: string;
  namespace?: string;
  login?: string;
  created: string;
  server_id?: string;
  server_hostname?: string;
  server_addr?: string;
  cluster_name: string;
  kubernetes_cluster_name?: string;
  desktop_name?: string;
  database_name?: string;
  app_name?: string;
  parties?: Array<{ user: string }>;
  /** Who opened the session. */
  owner?: string;
  participantModes?: ParticipantMode[];
  moderated?: boolean;
}

export interface ActiveSession {
  kind: SessionKind;
  sid: string;
  namespace: string;
  login: string;
  created: Date;
  durationText: string;
  serverId: string;
  resourceName: string;
  clusterId: string;
  addr: string;
  parties: Array<{ user: string }>;
  participantModes: ParticipantMode[];
  moderated: boolean;
}

/** 'host:22' → 'host', '[::1]:22' → '[::1]'; an address without a port is kept. */
export const stripPort = (addr: string): string => addr.replace(/:\d+$/, '');

function resourceName(json: ActiveSessionJson): string {
  switch (json.kind) {
    case 'k8s':
      return json.kubernetes_cluster_name ?? '';
    case 'db':
      return json.database_name ?? '';
    case 'app':
      return json.app_name ?? '';
    case 'desktop':
      return json.desktop_name ?? '';
    default:
      return json.server_hostname ?? '';
  }
}

export function makeActiveSession(json: ActiveSessionJson, now: number = Date.now()): ActiveSession {
  const created = new Date(json.created);
  return {
    kind: json.kind,
    sid: json.id,
    namespace: json.namespace ?? 'default',
    login: json.login ?? '',
    created,
    durationText: durationText(now - created.getTime()),
    serverId: json.server_id ?? '',
    resourceName: resourceName(json),
    clusterId: json.cluster_name,
    addr: stripPort(json.server_addr ?? ''),
    parties: (json.parties ?? []).map((p) => ({ user: p.user })),
    participantModes: json.participantModes ?? [],
    moderated: json.moderated ?? false,
  };
}
