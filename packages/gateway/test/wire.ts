/**
 * The gateway's answers as its own presenters make them, for the console's tests: a fixture built here cannot
 * drift from what the gateway sends, because a change to a presenter changes it too. Test code only.
 */
import { parse as parseYaml } from 'yaml';
import type {
  AclArea,
  AuthProvider,
  ActiveSessionJson,
  AuthenticateChallengeJson,
  BearerTokenJson,
  ClusterJson,
  EventSearchJson,
  MfaDeviceJson,
  NodeJson,
  ParticipantMode,
  PingJson,
  RawEvent,
  RegisterChallengeJson,
  ResetTokenJson,
  ResourceJson,
  SetPasswordJson,
  UserContextJson,
} from '@portcullis/shared';
import { recordEvent, type EventName } from '../src/management/audit/record';
import { connectorSchemas, type ConnectorKind } from '../src/management/connectors/model';
import { presentConnector, presentProvider } from '../src/management/connectors/presenter';
import { presentChallenge, presentDevice, presentTotpRegistration, presentWebauthnRegistration } from '../src/management/mfa/presenter';
import type { MfaDevice } from '../src/management/mfa/repo';
import { RelyingParty } from '../src/management/mfa/webauthn';
import { searchEvents } from '../src/management/audit/search';
import { aclAreas } from '../src/management/roles/acl';
import { roleSchema } from '../src/management/roles/model';
import { presentRole } from '../src/management/roles/presenter';
import { presetRoles } from '../src/management/roles/presets';
import { RoleSet } from '../src/management/roles/roleset';
import { parseRoleYaml, parseYamlResource, YamlResourceError } from '../src/management/roles/yaml';
import { presentPasswordSet, presentResetToken } from '../src/management/users/presenter';
import { presentSession } from '../src/management/websessions/presenter';
import { presentUserContext } from '../src/platform/clusters/context';
import { presentCluster } from '../src/platform/clusters/presenter';
import { parseConfig } from '../src/platform/config/config';
import { presentPing } from '../src/platform/ping/presenter';
import { emptyTraits } from '../src/platform/storage/repos/users';
import type { Store } from '../src/platform/storage/store';
import { activeSessionJson } from '../src/resources/livesessions/presenter';
import { connectorYaml } from './connectors/factories';
import { presentNode } from '../src/resources/nodes/presenter';

/** A role set granting every verb on the given ACL areas, and `logins` on every node. */
function rolesFor(areas: AclArea[], logins: string[] = []): RoleSet {
  const role = roleSchema.parse({
    kind: 'role',
    metadata: { name: 'fixture' },
    spec: {
      allow: {
        logins,
        node_labels: { '*': '*' },
        rules: areas.length ? [{ resources: areas.map((a) => aclAreas[a]), verbs: ['*'] }] : [],
      },
    },
  });
  return new RoleSet([role], emptyTraits());
}

export const clusterJson = (name = 'localhost', nodeCount = 0): ClusterJson => presentCluster(name, 'http://localhost:3080', nodeCount, Date.parse('2026-01-01T00:00:00Z'));

/** GET /sites/{cluster}/context for `username`, allowed everything on `areas`. */
export const userContextJson = (areas: AclArea[], username = 'alice', cluster = 'localhost'): UserContextJson =>
  presentUserContext({ user: { name: username, authType: 'local' }, roles: rolesFor(areas) }, clusterJson(cluster));

/** GET /ping of a gateway with the default configuration. */
export const pingJson = (): PingJson => presentPing(parseConfig({}));

/** A node list item as the gateway lists it in `cluster` to a user who may use `logins` there. */
export const nodeJson = (
  node: { id: string; hostname: string; addr?: string; agent?: boolean; labels?: Record<string, string> },
  logins: string[] = [],
  cluster = 'localhost',
): NodeJson =>
  presentNode(
    { id: node.id, hostname: node.hostname, addr: node.addr ?? '10.0.0.1:22', agentId: node.agent ? `agent-of-${node.id}` : null, labels: node.labels ?? {}, expiresAt: null },
    cluster,
    rolesFor(['nodes'], logins),
  );

/** An ssh session on node `hostname` as GET /sites/{cluster}/sessions lists it to a caller who may join in `modes`. */
export const activeSessionFixture = (
  s: { id: string; hostname: string; users: string[]; login?: string; cluster?: string; createdAgoMs?: number },
  modes: ParticipantMode[],
): ActiveSessionJson => {
  const created = Date.now() - (s.createdAgoMs ?? 90_000);
  return activeSessionJson(
    {
      id: s.id,
      kind: 'ssh',
      login: s.login ?? 'root',
      resource: { kind: 'node', id: `${s.hostname}-id`, name: s.hostname, addr: `${s.hostname}:22` },
      clusterName: s.cluster ?? 'localhost',
      owner: s.users[0]!,
      created,
      lastActive: created,
      terminal: { w: 80, h: 24 },
      parties: s.users.map((user, i) => ({ id: `party-${i}`, user, remoteAddr: '127.0.0.1', joinedAt: created, lastActive: created })),
    },
    modes,
  );
};

/** A role as the gateway answers POST or PUT of this YAML, and lists it after; throws the 400's message for YAML it refuses. */
export const roleJson = (content: string): ResourceJson => presentRole({ role: parseRoleYaml(content), source: content });

/** A preset role (access, editor, auditor) as GET /roles lists it on a gateway that has not changed it. */
/** A connector of `kind` as the connectors API answers it: the YAML as written, its client secret redacted. */
export const connectorJson = (kind: ConnectorKind, name: string, display?: string): ResourceJson => {
  const source = connectorYaml(kind, name, { display });
  return presentConnector({ connector: connectorSchemas[kind].parse(parseYaml(source)), source, createdAt: 0, updatedAt: 0 });
};

/** What the gateway says of connector YAML a user would save: undefined when it accepts it, else its message. */
export const connectorYamlProblem = (kind: ConnectorKind, content: string): string | undefined => {
  try {
    parseYamlResource(content, connectorSchemas[kind], 'connector');
    return undefined;
  } catch (err) {
    if (err instanceof YamlResourceError) return err.message;
    throw err;
  }
};

/** The served config's `auth.providers` entry (login button) for that connector. */
export const authProviderJson = (kind: ConnectorKind, name: string, display?: string): AuthProvider =>
  presentProvider(connectorSchemas[kind].parse(parseYaml(connectorYaml(kind, name, { display }))));

export const presetRoleJson = (name: string): ResourceJson => {
  const role = presetRoles.find((r) => r.metadata.name === name);
  if (!role) throw new Error(`${name} is not a preset role`);
  // Listed from storage, which keeps roles as JSON: label maps the preset shares come back as copies, so the
  // YAML repeats them instead of writing anchors.
  return presentRole({ role: JSON.parse(JSON.stringify(role)) as typeof role, source: null });
};

/** An invite or reset token of `user`, as created and as the invite page looks it up; `tokenId` stands for its random value. */
export const resetTokenJson = (user: string, tokenId: string, expiry = '2030-01-01T00:00:00Z'): ResetTokenJson =>
  presentResetToken({ username: user, value: tokenId, expiresAt: Date.parse(expiry) });

/**
 * POST /sessions/web's answer to a login at `now` under the default configuration, for a user whose roles set
 * no max_session_ttl; `secret` stands for the random cookie secret the bearer token is derived from.
 */
export const loginJson = (now = Date.parse('2026-01-01T00:00:00Z'), secret = 'fixture-cookie-secret'): BearerTokenJson => {
  const { auth } = parseConfig({});
  return presentSession({ idHash: '', username: '', loginTime: now, createdAt: now, expiresAt: now + auth.sessionTtl, lastActive: now, mfaVerified: false, accessRequestIds: [] }, secret, auth.inactivityTimeout, now);
};

/** A store with only the events repo the audit writer and search touch, so they run here without a database. */
const eventsOnly = (events: Partial<Store['events']>) => ({ events }) as Pick<Store, 'events'> as Store;

/**
 * Audit event `name` with `fields` as the gateway writes it (record.ts), stores it and answers it in searches;
 * `time` and `uid` stand for the clock and the random id of a running gateway.
 */
export async function auditEventJson(name: EventName, fields: Omit<RawEvent, 'code' | 'event' | 'time'>, at: { time: string; uid: string }): Promise<RawEvent> {
  let stored: RawEvent | undefined;
  await recordEvent(
    eventsOnly({
      insert: async (row) => {
        stored = row.data;
        return 1;
      },
    }),
    name,
    fields,
    Date.parse(at.time),
  );
  return { ...stored!, uid: at.uid };
}

/**
 * One page of GET /events (or of session ends for the recordings list) holding `events`, newest first as stored;
 * when `more` follow, its startKey is the cursor the gateway gives for the page's last event.
 */
export function eventPageJson(events: RawEvent[], more = false): Promise<EventSearchJson> {
  const rows = events.map((data, i) => ({ id: i + 1, time: Date.parse(data.time), data }));
  const last = rows.at(-1);
  const page = { events: rows, ...(more && last ? { next: { time: last.time, id: last.id } } : {}) };
  return searchEvents(eventsOnly({ search: async () => page }), { limit: rows.length, order: 'desc' }, 0);
}

/**
 * The session.end event the gateway writes when `user`'s ssh session `sid` on a node ends (see
 * SessionCore.start), as the audit log and the recordings list answer it. Recorded and exited 0 unless told.
 */
export const sessionEndJson = (
  s: {
    sid: string;
    user: string;
    participants?: string[];
    login?: string;
    node: { id: string; hostname: string; addr: string };
    interactive?: boolean;
    recorded?: boolean;
    start: string;
    stop: string;
    exitCode?: number | null;
  },
  at: { time?: string; uid: string },
): Promise<RawEvent> =>
  auditEventJson(
    'SESSION_END',
    {
      sid: s.sid,
      login: s.login ?? 'root',
      server_id: s.node.id,
      server_hostname: s.node.hostname,
      server_addr: s.node.addr,
      namespace: 'default',
      user: s.user,
      participants: s.participants ?? [s.user],
      interactive: s.interactive ?? true,
      session_recording: s.recorded === false ? 'off' : 'on',
      session_start: s.start,
      session_stop: s.stop,
      ...(s.exitCode === null ? {} : { exit_code: s.exitCode ?? 0 }),
    },
    { time: at.time ?? s.stop, uid: at.uid },
  );

/** The relying party of a gateway at `publicUrl` with no auth.webauthn settings. */
const relyingParty = (publicUrl: string) => new RelyingParty({}, () => publicUrl, 'Portcullis');

/** A device as GET /mfa/devices lists it: an authenticator app, a security key or (passwordless) a passkey. */
export const mfaDeviceJson = (d: { id: string; name: string; type: 'totp' | 'webauthn'; passwordless?: boolean; addedAt: string; lastUsed?: string }): MfaDeviceJson => {
  const device: MfaDevice = {
    id: d.id,
    username: 'alice',
    name: d.name,
    type: d.type,
    totpSecret: null,
    totpLastStep: null,
    credentialId: null,
    publicKey: null,
    signCount: 0,
    transports: [],
    residentKey: d.passwordless ?? false,
    addedAt: Date.parse(d.addedAt),
    lastUsed: Date.parse(d.lastUsed ?? d.addedAt),
  };
  return presentDevice(device);
};

/** POST /mfa/token/{tokenId}/registerchallenge for an authenticator app: `secret` stands for the random one. */
export const totpRegisterChallengeJson = (user: string, secret: string, cluster = 'localhost'): Promise<RegisterChallengeJson> =>
  presentTotpRegistration(secret, `${user}@${cluster}`, 'Portcullis');

/**
 * The same for a security key (a passkey when `passwordless`) of a gateway at `publicUrl`; its challenge is
 * random, as the gateway's is.
 */
export const webauthnRegisterChallengeJson = async (user: string, opts: { passwordless?: boolean; publicUrl?: string } = {}): Promise<RegisterChallengeJson> =>
  presentWebauthnRegistration(await relyingParty(opts.publicUrl ?? 'http://localhost:3080').creationOptions(user, [], opts.passwordless ?? false));

/**
 * An authenticate challenge (login, re-authentication, a session's MFA) of a user with an authenticator app
 * (`totp`) and the keys of `credentialIds` (base64url, each reporting usb): no WebAuthn request when there are
 * none. With `passwordless`, the challenge any passkey answers.
 */
export const authenticateChallengeJson = async (opts: { totp?: boolean; credentialIds?: string[]; passwordless?: boolean; publicUrl?: string }): Promise<AuthenticateChallengeJson> => {
  const keys = (opts.credentialIds ?? []).map((credentialId) => ({ credentialId, transports: ['usb'] }) as MfaDevice);
  if (!opts.passwordless && !keys.length) return presentChallenge(opts.totp ?? false, undefined);
  const publicKey = await relyingParty(opts.publicUrl ?? 'http://localhost:3080').requestOptions(opts.passwordless ? undefined : keys);
  return presentChallenge(opts.totp ?? false, publicKey);
};

/** PUT /users/password/token's answer: the recovery codes issued at `at` (none when the gateway issues none). */
export const setPasswordJson = (codes: string[] = [], at = '2026-01-01T00:00:00Z'): SetPasswordJson => presentPasswordSet(codes, Date.parse(at));
