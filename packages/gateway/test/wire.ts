/**
 * The gateway's answers as its own presenters make them, for the console's tests: a fixture built here cannot
 * drift from what the gateway sends, because a change to a presenter changes it too. Test code only.
 */
import { parse as parseYaml } from 'yaml';
import type {
  AccessRequestJson,
  AccessRequestState,
  AclArea,
  AppJson,
  DatabaseJson,
  DatabaseServiceJson,
  DatabaseStatementsJson,
  DesktopJson,
  AwsRole,
  AuthProvider,
  ActiveSessionJson,
  AuthenticateChallengeJson,
  BearerTokenJson,
  ClusterJson,
  EventSearchJson,
  IntegrationJson,
  LockJson,
  LockTargets,
  MfaDeviceJson,
  NodeJson,
  ParticipantMode,
  PingJson,
  RawEvent,
  RegisterChallengeJson,
  RequestedResourceId,
  ResetTokenJson,
  ResourceJson,
  SetPasswordJson,
  UserContextJson,
} from '@portcullis/shared';
import { inForce } from '../src/management/accessrequests/policy';
import { presentIntegration } from '../src/management/integrations/presenter';
import { presentAccessRequest } from '../src/management/accessrequests/presenter';
import type { AccessRequest } from '../src/management/accessrequests/repo';
import { recordEvent, type EventName } from '../src/management/audit/record';
import { connectorSchemas, type ConnectorKind } from '../src/management/connectors/model';
import { presentConnector, presentProvider } from '../src/management/connectors/presenter';
import { presentLock } from '../src/management/locks/presenter';
import { presentApp } from '../src/resources/apps/presenter';
import { presentDatabase, presentDatabaseService } from '../src/resources/databases/presenter';
import { presentStatement, presentStatementsSession } from '../src/resources/databases/playback/presenter';
import { presentDesktop } from '../src/resources/desktops/presenter';
import { presentChallenge, presentDevice, presentTotpRegistration, presentWebauthnRegistration } from '../src/management/mfa/presenter';
import type { MfaDevice } from '../src/management/mfa/repo';
import { RelyingParty } from '../src/management/mfa/webauthn';
import { searchEvents } from '../src/management/audit/search';
import { aclAreas } from '../src/management/roles/acl';
import { roleSchema, type RoleResource } from '../src/management/roles/model';
import { presentRole } from '../src/management/roles/presenter';
import { presetRoles } from '../src/management/roles/presets';
import { defaultRequestDurationMs, RoleSet, type AssumedRoles } from '../src/management/roles/roleset';
import { parseRoleYaml, parseYamlResource, YamlResourceError } from '../src/management/roles/yaml';
import { presentPasswordSet, presentResetToken } from '../src/management/users/presenter';
import { presentSession } from '../src/management/websessions/presenter';
import type { Identity } from '../src/platform/access/identity';
import { presentUserContext } from '../src/platform/clusters/context';
import { presentCluster } from '../src/platform/clusters/presenter';
import { parseConfig } from '../src/platform/config/config';
import { presentPing } from '../src/platform/ping/presenter';
import { emptyTraits } from '../src/platform/storage/repos/users';
import type { Store } from '../src/platform/storage/store';
import { activeSessionJson } from '../src/resources/livesessions/presenter';
import { connectorYaml } from './connectors/factories';
import { presentNode } from '../src/resources/nodes/presenter';

/**
 * A role set granting every verb on the given ACL areas, and `logins` on every node; with `more` roles of the
 * user's own and the roles of the requests their session `assumed`, as the gateway adds them.
 */
function rolesFor(areas: AclArea[], logins: string[] = [], more: RoleResource[] = [], assumed: AssumedRoles[] = []): RoleSet {
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
  return new RoleSet([role, ...more], emptyTraits(), assumed);
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

/** A lock as GET /sites/{id}/locks lists it; times are RFC 3339, `expires` absent for a lock until removed. */
export const lockJson = (l: { name: string; targets: LockTargets; message?: string; createdBy?: string; createdAt?: string; expires?: string }): LockJson =>
  presentLock({
    name: l.name,
    targets: l.targets,
    message: l.message ?? '',
    expiresAt: l.expires ? Date.parse(l.expires) : null,
    createdAt: Date.parse(l.createdAt ?? '2026-01-01T00:00:00Z'),
    createdBy: l.createdBy ?? 'admin',
  });

/** The clock the access request fixtures are presented at: a request is in force while it expires after it. */
const requestsNow = Date.parse('2026-01-01T00:00:00Z');

/**
 * An access request as stored, in the wire's terms (times RFC 3339). Unless told, it is pending with no
 * reviews, needs one approval and lasts an hour from its creation at the fixtures' clock: what the gateway
 * gives when no role sets thresholds or max_duration.
 */
export interface AccessRequestFixture {
  id: string;
  user: string;
  /** The roles asked for; for a resource request, the search_as_roles that reach the resources. */
  roles: string[];
  resourceIds?: RequestedResourceId[];
  reason?: string;
  state?: AccessRequestState;
  reviews?: { author: string; state: Exclude<AccessRequestState, 'PENDING'>; reason?: string; created: string }[];
  suggestedReviewers?: string[];
  approvalsNeeded?: number;
  created?: string;
  expires?: string;
}

/**
 * Who is looking: a user holding every verb on `areas` (as userContextJson grants them) and `roles` of their
 * own, as YAML an administrator saves or built with roleSchema; their `request` and `review_requests`
 * conditions decide what the user may request and review.
 */
export interface Viewer {
  name: string;
  areas?: AclArea[];
  roles?: (string | RoleResource)[];
}

function storedRequest(r: AccessRequestFixture): AccessRequest {
  const createdAt = r.created ? Date.parse(r.created) : requestsNow;
  return {
    id: r.id,
    username: r.user,
    roles: r.roles,
    resourceIds: r.resourceIds ?? [],
    // The gateway refuses a request without a reason, so a fixture always has one.
    reason: r.reason ?? 'On call',
    state: r.state ?? 'PENDING',
    suggestedReviewers: r.suggestedReviewers ?? [],
    approvalsNeeded: r.approvalsNeeded ?? 1,
    createdAt,
    expiresAt: r.expires ? Date.parse(r.expires) : createdAt + defaultRequestDurationMs,
    reviews: (r.reviews ?? []).map((v) => ({ author: v.author, state: v.state, reason: v.reason ?? '', createdAt: Date.parse(v.created) })),
  };
}

/**
 * The identity the gateway builds for the viewer's web session, which assumed the `assumed` requests in that
 * order. As in assumedRoles (accessrequests/assume.ts), only the viewer's own requests still in force add
 * their roles; those stand here as empty roles of the same names, since the gateway reads their definitions
 * from its store and a fixture has none.
 */
function identityOf(viewer: Viewer, assumed: AccessRequestFixture[] = []): Identity {
  const own = (viewer.roles ?? []).map((r) => (typeof r === 'string' ? parseRoleYaml(r) : r));
  const granted: AssumedRoles[] = assumed
    .map(storedRequest)
    .filter((r) => r.username === viewer.name && inForce(r, requestsNow))
    .map((r) => ({
      requestId: r.id,
      roles: r.roles.map((name) => roleSchema.parse({ kind: 'role', metadata: { name }, spec: {} })),
      ...(r.resourceIds.length > 0 && { resourceIds: r.resourceIds.map((id) => id.name) }),
    }));
  const roles = rolesFor(viewer.areas ?? [], [], own, granted);
  return {
    user: {
      name: viewer.name,
      // The user's own roles, as stored: not those the session assumed.
      roles: rolesFor(viewer.areas ?? [], [], own).roles.map((r) => r.metadata.name),
      traits: emptyTraits(),
      authType: 'local',
      passwordHash: null,
      failedLogins: 0,
      lockedUntil: null,
      createdAt: requestsNow,
    },
    session: {
      idHash: '',
      username: viewer.name,
      loginTime: requestsNow,
      createdAt: requestsNow,
      expiresAt: requestsNow + parseConfig({}).auth.sessionTtl,
      lastActive: requestsNow,
      mfaVerified: false,
      accessRequestIds: assumed.map((r) => r.id),
    },
    roles,
  };
}

/**
 * An access request as GET /sites/{cluster}/accessrequests (and /{id}) answers it to `viewer`: whether they may
 * review or assume it is the gateway's verdict for their name and roles at the fixtures' clock.
 */
export const accessRequestJson = (request: AccessRequestFixture, viewer: Viewer): AccessRequestJson =>
  presentAccessRequest(storedRequest(request), identityOf(viewer), requestsNow);

/**
 * GET /sites/{cluster}/context for `viewer`: what their roles let them request (and whom to suggest), and the
 * request their session assumed last, while it is theirs, approved and unexpired.
 */
export const accessContextJson = (viewer: Viewer, assumed: AccessRequestFixture[] = [], cluster = 'localhost'): UserContextJson =>
  presentUserContext(identityOf(viewer, assumed), clusterJson(cluster));

/** An app as GET /sites/{cluster}/apps lists it: served by an agent, public at NAME.localhost:3080 unless given. */
export const appJson = (
  app: { name: string; uri: string; publicAddr?: string; description?: string; labels?: Record<string, string>; awsRoles?: AwsRole[] },
  cluster = 'localhost',
): AppJson =>
  presentApp(
    {
      id: `app-${app.name}`,
      name: app.name,
      uri: app.uri,
      publicAddr: app.publicAddr ?? `${app.name}.localhost:3080`,
      description: app.description ?? '',
      labels: app.labels ?? {},
      agentId: 'agent-1',
      expiresAt: Date.parse('2030-01-01T00:00:00Z'),
    },
    cluster,
    // An AWS console app's roles as the gateway computes them for the caller (aws/console.ts).
    app.awsRoles,
  );

/**
 * A database as the gateway lists it to a user whose roles grant `dbUsers` and `dbNames` on every database.
 * The URI is the agent's (scheme://HOST:PORT/DB); the list shows its host only.
 */
export const databaseJson = (
  db: { name: string; protocol: 'postgres' | 'mysql' | 'redis'; uri: string; description?: string; labels?: Record<string, string> },
  grants: { dbUsers?: string[]; dbNames?: string[] } = {},
): DatabaseJson => {
  const role = roleSchema.parse({
    kind: 'role',
    metadata: { name: 'fixture-db' },
    spec: { allow: { db_labels: { '*': '*' }, db_users: grants.dbUsers ?? [], db_names: grants.dbNames ?? [] } },
  });
  return presentDatabase(
    { id: `db-${db.name}`, name: db.name, protocol: db.protocol, type: 'self-hosted', uri: db.uri, description: db.description ?? '', labels: db.labels ?? {}, agentId: 'agent-1', expiresAt: null },
    new RoleSet([role], emptyTraits()),
  );
};

export const databaseServiceJson = (name: string, matchers: Record<string, string[]>): DatabaseServiceJson => presentDatabaseService({ name, matchers });

/**
 * A database session's playback page as the gateway serves it: the session (from its start and, when `ended`,
 * end events) and its statements, each given as seconds after the start.
 */
export function databaseStatementsJson(
  session: { sid: string; user: string; database: string; protocol: string; dbUser: string; dbName: string; start: string; endedAfterS?: number },
  statements: Array<{ afterS: number; query: string; parameters?: string[]; refused?: string }>,
): DatabaseStatementsJson {
  const start = Date.parse(session.start);
  const at = (s: number) => new Date(start + s * 1000).toISOString();
  const fields = { sid: session.sid, user: session.user, db_service: session.database, db_protocol: session.protocol, db_user: session.dbUser, db_name: session.dbName };
  const startEvent = { ...fields, event: 'db.session.start', code: 'TDB00I', time: session.start };
  const endEvent = session.endedAfterS === undefined ? undefined : { ...fields, event: 'db.session.end', code: 'TDB01I', time: at(session.endedAfterS) };
  return {
    session: presentStatementsSession(startEvent, endEvent),
    statements: statements.map((s) =>
      presentStatement(
        s.refused
          ? { ...fields, event: 'db.session.query.failed', code: 'TDB02W', time: at(s.afterS), db_query: s.query, error: s.refused }
          : { ...fields, event: 'db.session.query', code: 'TDB02I', time: at(s.afterS), db_query: s.query, ...(s.parameters && { db_query_parameters: s.parameters }) },
        start,
      ),
    ),
    startKey: '',
  };
}

/** A desktop as GET /sites/{cluster}/desktops lists it to a user whose roles grant `logins` on every desktop. */
export const desktopJson = (d: { name: string; os: 'linux' | 'windows'; addr: string; labels?: Record<string, string> }, logins: string[] = []): DesktopJson => {
  const role = roleSchema.parse({
    kind: 'role',
    metadata: { name: 'fixture-desktop' },
    spec: { allow: { windows_desktop_labels: { '*': '*' }, windows_desktop_logins: logins } },
  });
  const scheme = d.os === 'windows' ? 'rdp' : 'vnc';
  return presentDesktop(
    { id: `desktop-${d.name}`, name: d.name, os: d.os, uri: `${scheme}://${d.addr}`, addr: d.addr, labels: d.labels ?? {}, agentId: 'agent-1', expiresAt: Date.parse('2030-01-01T00:00:00Z') },
    new RoleSet([role], emptyTraits()),
  );
};

/** An AWS OIDC integration as GET /integrations lists it. */
export const integrationJson = (name: string, roleArn: string): IntegrationJson =>
  presentIntegration({ name, sub_kind: 'aws-oidc', role_arn: roleArn, created_by: 'admin', created_at: 0, updated_at: 0 });
