import { eventCatalogue, eventCodes, eventDefinitions } from './eventCatalogue';
import type { RawEvent } from './types';

const definitions = Object.entries(eventDefinitions);

// A sample event whose every field the message reads holds a value naming that field.
function sampleFor(fields: readonly string[], code: string): RawEvent {
  const raw: RawEvent = { code, event: 'sample', time: '2026-01-02T03:04:05Z', uid: 'u-1' };
  for (const f of fields) raw[f] = `<${f}>`;
  return raw;
}

test('the catalogue holds about the reference size, one definition per code', () => {
  expect(definitions.length).toBeGreaterThanOrEqual(200);
  expect(Object.keys(eventCatalogue)).toHaveLength(definitions.length);
});

test('every code follows the scheme T + four characters + I, W or E', () => {
  for (const [, def] of definitions) expect(def.code).toMatch(/^T[A-Z0-9]{4}[IWE]$/);
});

test.each(definitions)('%s renders from a sample event with no missing placeholder', (_name, def) => {
  const message = def.format(sampleFor(def.fields, def.code));
  expect(def.desc.length).toBeGreaterThan(0);
  expect(def.type.length).toBeGreaterThan(0);
  expect(message).not.toMatch(/\{[\w.-]+\}/);
  expect(message).not.toContain('undefined');
  // `success` and `action` choose the wording rather than appear in it; every other field is shown.
  for (const f of def.fields.filter((f) => f !== 'success' && f !== 'action')) expect(message).toContain(`<${f}>`);
});

test('the codes the wire notes and gateway contract fix', () => {
  expect(eventCodes).toMatchObject({
    USER_LOCAL_LOGIN: 'T1000I',
    USER_LOCAL_LOGINFAILURE: 'T1000W',
    USER_SSO_LOGIN: 'T1001I',
    USER_CREATE: 'T1002I',
    SESSION_START: 'T2000I',
    SESSION_JOIN: 'T2001I',
    TERMINAL_RESIZE: 'T2002I',
    SESSION_LEAVE: 'T2003I',
    SESSION_END: 'T2004I',
    SESSION_UPLOAD: 'T2005I',
    EXEC: 'T3002I',
    SCP_DOWNLOAD: 'T3004I',
    AUTH_ATTEMPT_FAILURE: 'T3007W',
    ACCESS_REQUEST_CREATED: 'T5000I',
    ROLE_CREATED: 'T9000I',
  });
  expect(eventCatalogue.T1000I?.type).toBe('user.login');
  expect(eventCatalogue.T2000I?.type).toBe('session.start');
});

const render = (code: string, fields: Record<string, unknown>) =>
  eventCatalogue[code]!.format({ code, event: 'x', time: '2026-01-01T00:00:00Z', ...fields });

test("the spec's message templates, word for word", () => {
  expect(render(eventCodes.AUTH_ATTEMPT_FAILURE, { user: 'alice', error: 'bad key' })).toBe(
    'User [alice] failed auth attempt: bad key',
  );
  expect(render(eventCodes.USER_LOCAL_LOGINFAILURE, { user: 'alice', error: 'invalid credentials' })).toBe(
    'Local user [alice] login failed [invalid credentials]',
  );
  expect(render(eventCodes.USER_SSO_LOGINFAILURE, { error: 'no such connector' })).toBe(
    'SSO user login failed [no such connector]',
  );
  expect(render(eventCodes.SESSION_REJECTED, { user: 'bob', login: 'root', server: 'db-1', reason: 'max sessions' })).toBe(
    'User [bob] was denied access to [root@db-1] because [max sessions]',
  );
});

test('access request messages: created, updated to {state}, reviewed', () => {
  expect(render(eventCodes.ACCESS_REQUEST_CREATED, { id: 'r1', state: 'PENDING' })).toContain('created');
  expect(render(eventCodes.ACCESS_REQUEST_UPDATED, { id: 'r1', state: 'APPROVED' })).toBe(
    'Access request [r1] has been updated to APPROVED',
  );
  expect(render(eventCodes.ACCESS_REQUEST_REVIEWED, { id: 'r1', reviewer: 'carol' })).toBe(
    'User [carol] reviewed access request [r1]',
  );
});

test('device events succeed or fail by their success flag', () => {
  const ok = render(eventCodes.DEVICE_ENROLL, { user: 'dan', device_id: 'mac-1', success: true });
  const failed = render(eventCodes.DEVICE_ENROLL, { user: 'dan', device_id: 'mac-1', success: false, error: 'denied' });
  expect(ok).toBe('User [dan] enrolled device [mac-1]');
  expect(failed).toBe('User [dan] failed to enroll device [mac-1]: denied');
});

test('network event action 1 means deny', () => {
  const base = { program: 'curl', dst_addr: '10.0.0.1', dst_port: 443 };
  expect(render(eventCodes.SESSION_NETWORK, { ...base, action: 1 })).toContain('was prevented from opening');
  expect(render(eventCodes.SESSION_NETWORK, { ...base, action: 0 })).not.toContain('prevented');
});

test.each([
  ['sessions', ['SESSION_START', 'SESSION_END', 'SESSION_JOIN']],
  ['logins and failures', ['USER_LOCAL_LOGIN', 'USER_SSO_LOGIN', 'USER_LOCAL_LOGINFAILURE', 'USER_SSO_LOGINFAILURE', 'USER_LOGIN_LOCKED']],
  ['users', ['USER_CREATE', 'USER_UPDATE', 'USER_DELETE', 'USER_PASSWORD_CHANGED']],
  ['roles and connectors', ['ROLE_CREATED', 'ROLE_UPDATED', 'ROLE_DELETED', 'GITHUB_CONNECTOR_CREATED', 'OIDC_CONNECTOR_CREATED', 'SAML_CONNECTOR_CREATED']],
  ['trusted clusters and join tokens', ['TRUSTED_CLUSTER_CREATED', 'TRUSTED_CLUSTER_DELETED', 'JOIN_TOKEN_CREATED']],
  ['locks', ['LOCK_CREATED', 'LOCK_DELETED']],
  ['exec, scp, sftp and port forwarding', ['EXEC', 'EXEC_FAILURE', 'SCP_UPLOAD', 'SCP_UPLOAD_FAILURE', 'SFTP_OPEN', 'SFTP_OPEN_FAILURE', 'PORTFORWARD', 'PORTFORWARD_FAILURE']],
  ['databases', ['DATABASE_SESSION_STARTED', 'DATABASE_SESSION_STARTED_FAILURE', 'DATABASE_SESSION_QUERY', 'DATABASE_SESSION_QUERY_FAILURE']],
  ['desktops', ['DESKTOP_SESSION_STARTED', 'DESKTOP_SESSION_STARTED_FAILED', 'DESKTOP_CLIPBOARD_SEND', 'DESKTOP_SHARED_DIRECTORY_START']],
  ['apps and kubernetes', ['APP_SESSION_START', 'KUBE_REQUEST']],
  ['MFA, recovery and headless', ['MFA_DEVICE_ADD', 'MFA_DEVICE_DELETE', 'RECOVERY_CODE_USED', 'RECOVERY_CODE_USED_FAILURE', 'USER_HEADLESS_LOGIN_APPROVED']],
  ['integrations, Okta and SAML providers', ['INTEGRATION_CREATE', 'OKTA_SYNC_FAILURE', 'SAML_IDP_SERVICE_PROVIDER_CREATE_FAILURE']],
])('the catalogue covers %s', (_area, names) => {
  for (const name of names) expect(eventCodes).toHaveProperty(name);
});
