import { accessContextJson, eventPageJson, sessionEndJson } from '@portcullis/gateway/wire';
import { apiPaths, compilePath, StorageKey, type RecordingReviewJson, type RecordingShareJson, type RecordingSummary, type SeekPoint, type UserContextJson } from '@portcullis/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import PlayerPage from './PlayerPage';

// jsdom has no canvas for xterm: a stand-in terminal keeps what it is given. The engine and its source are the
// real ones, reading the recording from the handlers below.
jest.mock('@portcullis/console-kit', () => ({
  ...jest.requireActual('@portcullis/console-kit'),
  openXterm: () => {
    const terminal = {
      options: {},
      reset: () => void (screenText.value = ''),
      resize() {},
      write: (data: Uint8Array | string) => void (screenText.value += typeof data === 'string' ? data : new TextDecoder().decode(data)),
    };
    return { terminal, renderer: 'dom', fit() {}, dispose() {} };
  },
}));
const screenText = { value: '' };

const params = { clusterId: 'prod', sid: 's-1' };
const summary: RecordingSummary = { sid: 's-1', startTime: '2026-01-01T10:00:00Z', durationMs: 120_000, bytes: 5, cols: 80, rows: 24, complete: true };
const review = (r: Partial<RecordingReviewJson> = {}): RecordingReviewJson => ({
  sid: 's-1',
  status: 'to_review',
  comments: [{ id: 'c1', author: 'bob', t: 30_000, text: 'sudo without a ticket', created: '2026-01-02T09:00:00Z' }],
  ...r,
});

/** A session's end as the gateway records it: alice's, joined by bob, on web-1, over the recording's two minutes. */
const sessionEnd = (sid: string, hostname: string) =>
  sessionEndJson(
    { sid, user: 'alice', participants: ['alice', 'bob'], node: { id: `${hostname}-id`, hostname, addr: '10.0.0.1:22' }, start: '2026-01-01T10:00:00Z', stop: '2026-01-01T10:02:00Z' },
    { uid: `end-${sid}` },
  );

/** The sessions the recordings list would show for the time asked: s-1 and another one that ended then too. */
const sessionsQueries: URLSearchParams[] = [];
const sessionsHandler = http.get(compilePath(apiPaths.recordings, { clusterId: 'prod' }), async ({ request }) => {
  sessionsQueries.push(new URL(request.url).searchParams);
  return HttpResponse.json(await eventPageJson([await sessionEnd('s-0', 'db-1'), await sessionEnd('s-1', 'web-1')]));
});

/** The recording's playback endpoints, answering a seek to any moment with the screen as it was then. */
function recordingHandlers() {
  const seeks: number[] = [];
  sessionsQueries.length = 0;
  server.use(
    sessionsHandler,
    http.get(compilePath(apiPaths.recording, params), () => HttpResponse.json(summary)),
    http.get(compilePath(apiPaths.recordingSeek, params), ({ request }) => {
      const at = Number(new URL(request.url).searchParams.get('at'));
      seeks.push(at);
      const point: SeekPoint = { at, cols: 80, rows: 24, screen: `screen at ${at}`, offset: 0, endOffset: 0, resizes: [] };
      return HttpResponse.json(point);
    }),
    // Nothing more is printed until near the end, so the player keeps playing (or stays paused) where it was put.
    http.get(compilePath(apiPaths.recordingEvents, params), () =>
      HttpResponse.json({ events: [{ kind: 'output', t: 110_000, offset: 0, length: 0 }], startKey: '' }),
    ),
  );
  return seeks;
}

function renderPlayer(query: string, recordingType = 'ssh') {
  renderPage(
    <Suspense fallback="loading">
      <Routes>
        <Route path="/web/cluster/:clusterId/session/:sid" element={<PlayerPage />} />
      </Routes>
    </Suspense>,
    { path: `/web/cluster/prod/session/s-1?recordingType=${recordingType}&${query}` },
  );
}

/** The first answers come after the page's chunk, the user context and the recording load: give them time. */
const loading = { timeout: 5000 };

/** The side panel, once the review has arrived. */
async function reviewPanel() {
  await screen.findByRole('region', { name: 'Review' }, loading);
  return screen.getByRole('complementary', { name: 'Recording' });
}

const readOnly = (): UserContextJson =>
  accessContextJson({
    name: 'carol',
    roles: ['kind: role\nversion: v7\nmetadata:\n  name: viewer\nspec:\n  allow:\n    rules:\n      - resources: [session]\n        verbs: [list, read]\n'],
  });

// A pod's terminal is recorded as a node's shell is, and plays the same way.
test.each(['ssh', 'k8s'])('a %s recording opens at the moment in its `t`, and a comment’s time seeks there', async (recordingType) => {
  const user = userEvent.setup();
  server.use(...userContextHandlers(['recordedSessions']), http.get(compilePath(apiPaths.recordingReview, params), () => HttpResponse.json(review())));
  const seeks = recordingHandlers();
  renderPlayer('durationMs=120000&t=65000', recordingType);
  await waitFor(() => expect(screenText.value).toBe('screen at 65000'), loading);
  expect(seeks).toEqual([65_000]);
  expect(screen.getByTestId('player-time')).toHaveTextContent(/^1:0[56] \/ 2:00$/);

  await user.click(within(await reviewPanel()).getByRole('button', { name: 'Go to 0:30' }));
  await waitFor(() => expect(screenText.value).toBe('screen at 30000'));
  expect(seeks).toEqual([65_000, 30_000]);
});

test('the header names the recorded session: its users and node from its end event, its start and length', async () => {
  server.use(...userContextHandlers(['recordedSessions']), http.get(compilePath(apiPaths.recordingReview, params), () => HttpResponse.json(review())));
  recordingHandlers();
  renderPlayer('durationMs=120000');
  const facts = await screen.findByLabelText('Recorded session', {}, loading);
  await waitFor(() => expect(within(facts).getAllByRole('term')).toHaveLength(4));
  expect(within(facts).getAllByRole('term').map((t) => t.textContent)).toEqual(['Users', 'Hostname', 'Started (UTC)', 'Duration']);
  expect(within(facts).getAllByRole('definition').map((d) => d.textContent)).toEqual(['alice, bob', 'web-1', '2026-01-01 10:00:00', '2 minutes']);
  // Looked up among the sessions that ended while, or just after, the recording ran.
  expect(sessionsQueries.map((q) => [q.get('start'), q.get('end')])).toEqual([['2026-01-01T10:00:00.000Z', '2026-01-01T10:03:00.000Z']]);
});

test('a reviewer sets the status and reviewer and comments at the paused playhead', async () => {
  const user = userEvent.setup();
  const sent: { method: string; body: unknown }[] = [];
  server.use(
    ...userContextHandlers(['recordedSessions']),
    http.get(compilePath(apiPaths.recordingReview, params), () => HttpResponse.json(review())),
    http.put(compilePath(apiPaths.recordingReview, params), async ({ request }) => {
      const body = (await request.json()) as Partial<RecordingReviewJson>;
      sent.push({ method: 'PUT', body });
      return HttpResponse.json(review({ ...body, updatedBy: 'alice', updated: '2026-01-03T08:00:00Z' }));
    }),
    http.post(compilePath(apiPaths.recordingReviewComments, params), async ({ request }) => {
      const body = (await request.json()) as { t: number; text: string };
      sent.push({ method: 'POST', body });
      return HttpResponse.json(review({ comments: [...review().comments, { id: 'c2', author: 'alice', created: '2026-01-03T08:01:00Z', ...body }] }));
    }),
  );
  recordingHandlers();
  renderPlayer('t=10000');
  const panel = await reviewPanel();
  await user.click(within(panel).getByRole('combobox', { name: 'Status' }));
  await user.click(screen.getByRole('option', { name: 'Flagged' }));
  expect(await within(panel).findByText('Changed by alice on 2026-01-03 08:00:00')).toBeInTheDocument();
  await user.type(within(panel).getByRole('textbox', { name: 'Reviewer' }), 'bob{Enter}');
  await waitFor(() => expect(sent).toHaveLength(2));

  // Paused, a seek keeps the playhead where the comment goes; typing spaces there does not start playback.
  await user.click(screen.getByRole('button', { name: 'Pause' }));
  await user.click(within(panel).getByRole('button', { name: 'Go to 0:30' }));
  await user.type(within(panel).getByRole('textbox', { name: 'Comment at 0:30' }), 'and again here');
  expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  await user.click(within(panel).getByRole('button', { name: 'Add comment' }));
  expect(await within(panel).findByText('and again here')).toBeInTheDocument();
  expect(sent).toEqual([
    { method: 'PUT', body: { status: 'flagged' } },
    { method: 'PUT', body: { reviewer: 'bob' } },
    { method: 'POST', body: { t: 30_000, text: 'and again here' } },
  ]);
  expect(within(panel).getByRole('textbox', { name: 'Comment at 0:30' })).toHaveValue('');
});

test('without the right to change recordings the review is read-only, with no Share, but comments are open', async () => {
  server.use(
    http.get(compilePath(apiPaths.userContext, { clusterId: 'localhost' }), () => HttpResponse.json(readOnly())),
    http.get(compilePath(apiPaths.recordingReview, params), () => HttpResponse.json(review({ status: 'reviewed', reviewer: 'bob' }))),
  );
  recordingHandlers();
  renderPlayer('');
  const panel = await reviewPanel();
  expect(within(panel).getByText('Reviewed, reviewed by bob')).toBeInTheDocument();
  expect(within(panel).queryByRole('combobox', { name: 'Status' })).toBeNull();
  expect(within(panel).queryByRole('button', { name: 'Share' })).toBeNull();
  expect(within(panel).getByRole('button', { name: 'Export' })).toBeInTheDocument();
  expect(within(panel).getByRole('button', { name: 'Add comment' })).toBeInTheDocument();
});

test('Export downloads the signed asciicast with the bearer token; a refusal shows the server’s message', async () => {
  const user = userEvent.setup();
  localStorage.setItem(StorageKey.TOKEN, JSON.stringify({ accessToken: 'tok', expiresIn: 3600, created: Date.now() }));
  const saved: Blob[] = [];
  // jsdom neither makes object URLs nor downloads: stand-ins keep what would have been saved.
  URL.createObjectURL = (blob: Blob) => {
    saved.push(blob);
    return 'blob:export';
  };
  URL.revokeObjectURL = () => undefined;
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const auth: (string | null)[] = [];
  server.use(
    ...userContextHandlers(['recordedSessions']),
    http.get(compilePath(apiPaths.recordingReview, params), () => HttpResponse.json(review())),
    http.get(compilePath(apiPaths.recordingExport, params), ({ request }) => {
      auth.push(request.headers.get('Authorization'));
      return new HttpResponse('{"version":2}\n[0.5,"o","hi"]\n', { headers: { 'Content-Type': 'application/x-asciicast' } });
    }),
  );
  recordingHandlers();
  renderPlayer('');
  await user.click(within(await reviewPanel()).getByRole('button', { name: 'Export' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(await saved[0]!.text()).toBe('{"version":2}\n[0.5,"o","hi"]\n');
  expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('s-1.cast');
  expect(auth).toEqual(['Bearer tok']);

  server.use(http.get(compilePath(apiPaths.recordingExport, params), () => HttpResponse.json({ error: { message: 'access denied: read on session' } }, { status: 403 })));
  await user.click(screen.getByRole('button', { name: 'Export' }));
  expect(await screen.findByText('access denied: read on session')).toBeInTheDocument();
  click.mockRestore();
  localStorage.clear();
});

test('Share makes a link (shown once) and revokes one, listing the links afresh', async () => {
  const user = userEvent.setup();
  const listed: RecordingShareJson = { id: 'sh1', sid: 's-1', createdBy: 'alice', created: '2026-01-05T10:00:00Z', expires: '2099-01-06T10:00:00Z', revoked: false, views: 2 };
  let shares: RecordingShareJson[] = [];
  const sent: unknown[] = [];
  server.use(
    ...userContextHandlers(['recordedSessions']),
    http.get(compilePath(apiPaths.recordingReview, params), () => HttpResponse.json(review())),
    http.get(compilePath(apiPaths.recordingShares, params), () => HttpResponse.json({ shares })),
    http.post(compilePath(apiPaths.recordingShares, params), async ({ request }) => {
      sent.push(await request.json());
      shares = [listed];
      return HttpResponse.json({ ...listed, token: 'tok', url: 'https://gw.example.com/web/shared/recordings/tok' });
    }),
    http.delete(compilePath(apiPaths.recordingShare, { ...params, shareId: 'sh1' }), () => HttpResponse.json({ ...listed, revoked: true })),
  );
  recordingHandlers();
  renderPlayer('');
  await user.click(within(await reviewPanel()).getByRole('button', { name: 'Share' }));
  const dialog = await screen.findByRole('dialog', { name: 'Share recording' });
  expect(await within(dialog).findByText('No links yet')).toBeInTheDocument();
  await user.type(within(dialog).getByRole('textbox', { name: 'To (m:ss)' }), '0:45{Enter}');
  expect(await within(dialog).findByRole('textbox', { name: 'Share link' })).toHaveValue('https://gw.example.com/web/shared/recordings/tok');
  expect(sent).toEqual([{ expiresIn: '24h', toMs: 45_000 }]);
  await user.click(await within(dialog).findByRole('button', { name: 'Revoke the link made 2026-01-05 10:00:00' }));
  expect(await within(dialog).findByText('Revoked')).toBeInTheDocument();

  // Closed and opened again, the secret is gone: only the list remains.
  await user.click(within(dialog).getByRole('button', { name: 'Done' }));
  await user.click(screen.getByRole('button', { name: 'Share' }));
  const again = await screen.findByRole('dialog', { name: 'Share recording' });
  expect(await within(again).findByText('2')).toBeInTheDocument();
  expect(within(again).queryByRole('textbox', { name: 'Share link' })).toBeNull();
});

test('a reviewer who may list users picks the reviewer from them', async () => {
  const user = userEvent.setup();
  const sent: unknown[] = [];
  server.use(
    ...userContextHandlers(['recordedSessions', 'users']),
    http.get(apiPaths.users, () => HttpResponse.json([{ name: 'alice', roles: ['auditor'] }, { name: 'dave', roles: ['auditor'] }])),
    http.get(compilePath(apiPaths.recordingReview, params), () => HttpResponse.json(review())),
    http.put(compilePath(apiPaths.recordingReview, params), async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(review({ reviewer: 'dave' }));
    }),
  );
  recordingHandlers();
  renderPlayer('');
  const panel = await reviewPanel();
  await user.click(await within(panel).findByRole('combobox', { name: 'Reviewer' }));
  await user.click(screen.getByRole('option', { name: 'dave' }));
  await waitFor(() => expect(within(panel).getByRole('combobox', { name: 'Reviewer' })).toHaveValue('dave'));
  expect(sent).toEqual([{ reviewer: 'dave' }]);
});
