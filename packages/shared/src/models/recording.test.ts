import { makeRecording } from './recording';

const ssh = {
  event: 'session.end',
  sid: 's1',
  time: '2026-01-01T00:02:00Z',
  session_start: '2026-01-01T00:00:00Z',
  session_stop: '2026-01-01T00:02:00Z',
  participants: ['alice', 'bob'],
  server_hostname: 'web-1',
};

test('an interactive ssh session with recording on is playable', () => {
  expect(makeRecording({ ...ssh, interactive: true, session_recording: 'node' })).toEqual({
    duration: 120_000,
    durationText: '2 minutes',
    sid: 's1',
    createdDate: new Date('2026-01-01T00:02:00Z'),
    users: 'alice, bob',
    hostname: 'web-1',
    description: 'play',
    recordingType: 'ssh',
    playable: true,
  });
});

test("with recording off the description is 'recording disabled'", () => {
  const r = makeRecording({ ...ssh, interactive: true, session_recording: 'off' });
  expect(r.description).toBe('recording disabled');
  expect(r.playable).toBe(false);
});

test('a non-interactive session is labelled non-interactive and is not playable', () => {
  const r = makeRecording({ ...ssh, interactive: false, session_recording: 'node' });
  expect(r.description).toBe('non-interactive');
  expect(r.playable).toBe(false);
});

test('a kube session follows the same rules', () => {
  const r = makeRecording({ ...ssh, kubernetes_cluster: 'kube-1', interactive: true });
  expect(r).toMatchObject({ recordingType: 'k8s', hostname: 'kube-1', playable: true });
});

test('a desktop session is playable only if recorded', () => {
  const desktop = { event: 'windows.desktop.session.end', sid: 'd1', time: '2026-01-01T00:02:00Z', desktop_name: 'win-1', user: 'alice' };
  expect(makeRecording({ ...desktop, recorded: true })).toMatchObject({ recordingType: 'desktop', playable: true, description: 'play' });
  expect(makeRecording({ ...desktop, recorded: false })).toMatchObject({ playable: false, description: 'recording disabled' });
});

test('a database session plays back as its statements, named by its database', () => {
  const r = makeRecording({ event: 'db.session.end', sid: 'd1', time: '2026-01-01T00:01:00Z', session_start: '2026-01-01T00:00:00Z', session_stop: '2026-01-01T00:01:00Z', user: 'alice', db_service: 'orders' });
  expect(r).toMatchObject({ recordingType: 'database', hostname: 'orders', users: 'alice', description: 'play', playable: true, duration: 60_000 });
});
