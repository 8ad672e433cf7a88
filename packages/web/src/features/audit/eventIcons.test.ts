/** @jest-environment node */
import { Icons } from '@portcullis/design';
import { eventCatalogue, eventCodes, makeEvent } from '@portcullis/shared';
import { eventIcon, isFailureEvent } from './eventIcons';

const event = (name: keyof typeof eventCodes) => {
  const code = eventCodes[name];
  return makeEvent({ code, event: eventCatalogue[code]!.type, time: '2026-01-01T10:00:00Z', user: 'alice' });
};

test('an event’s icon says what its type is about', () => {
  expect(eventIcon(event('USER_LOCAL_LOGIN'))).toBe(Icons.SignIn);
  expect(eventIcon(event('USER_CREATE'))).toBe(Icons.AddUser);
  expect(eventIcon(event('USER_DELETE'))).toBe(Icons.User);
  expect(eventIcon(event('SESSION_START'))).toBe(Icons.Terminal);
  expect(eventIcon(event('SCP_UPLOAD'))).toBe(Icons.FileTransfer);
  expect(eventIcon(event('DATABASE_SESSION_QUERY'))).toBe(Icons.Database);
  expect(eventIcon(event('DESKTOP_SESSION_STARTED'))).toBe(Icons.Desktop);
  expect(eventIcon(event('ROLE_CREATED'))).toBe(Icons.ShieldCheck);
  expect(eventIcon(event('LOCK_CREATED'))).toBe(Icons.Lock);
  expect(eventIcon(event('KUBE_REQUEST'))).toBe(Icons.Kubernetes);
  expect(eventIcon(event('DEVICE_ENROLL'))).toBe(Icons.Device);
});

test('only configuration changes fall back to the settings icon; every other type in the catalogue has its own', () => {
  const fallback = Object.values(eventCatalogue)
    .filter(
      (def) =>
        eventIcon(makeEvent({ code: def.code, event: def.type, time: '2026-01-01T10:00:00Z' })) ===
        Icons.Settings,
    )
    .map((def) => def.type);
  expect([...new Set(fallback)].sort()).toEqual([
    'auth_preference.update',
    'billing.create_card',
    'billing.delete_card',
    'billing.update_info',
    'cluster_networking_config.update',
    'login_rule.create',
    'login_rule.delete',
    'session_recording_config.update',
    'upgradewindow.update',
  ]);
});

test('failures and warnings are told apart from the rest by their code', () => {
  expect(isFailureEvent(event('USER_LOCAL_LOGINFAILURE'))).toBe(true);
  expect(isFailureEvent(event('USER_LOCAL_LOGIN'))).toBe(false);
});
