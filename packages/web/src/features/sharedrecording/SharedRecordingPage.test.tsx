import { ThemeProvider } from '@portcullis/design';
import { apiPaths, compilePath, type RecordingSummary, type SeekPoint, type SharedRecordingJson } from '@portcullis/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { browserLocation } from '../../browserLocation';
import { createRoutes } from '../../router/routes';
import { pages } from '../../router/pages';
import { server } from '../../testing/server';
import { invalidLinkText } from './SharedRecordingPage';

// jsdom has no canvas for xterm: a stand-in terminal keeps what it is given; the engine and source are real.
jest.mock('@portcullis/console-kit', () => ({
  ...jest.requireActual('@portcullis/console-kit'),
  openXterm: () => ({
    terminal: {
      options: {},
      reset: () => void (screenText.value = ''),
      resize() {},
      write: (data: Uint8Array | string) => void (screenText.value += typeof data === 'string' ? data : new TextDecoder().decode(data)),
    },
    renderer: 'dom',
    fit() {},
    dispose() {},
  }),
}));
const screenText = { value: '' };

const token = 'tok-123';
const shared: SharedRecordingJson = { sid: 's-1', clusterName: 'prod', sharedBy: 'alice', expires: '2026-01-06T10:00:00Z', fromMs: 60_000, toMs: 90_000 };

/** The console's real route table, signed out (nothing stored), at the link's page. */
async function openLink() {
  const router = createMemoryRouter(createRoutes(pages), { initialEntries: [`/web/shared/recordings/${token}`] });
  await act(async () => {
    render(
      <ThemeProvider>
        <Provider store={createStore()}>
          <RouterProvider router={router} />
        </Provider>
      </ThemeProvider>,
    );
  });
}

let assign: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  screenText.value = '';
  assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

test('a valid link plays its part of the recording signed out, saying who shared it and until when', async () => {
  const seeks: number[] = [];
  const auth: (string | null)[] = [];
  const summary: RecordingSummary = { sid: 's-1', startTime: '2026-01-01T10:00:00Z', durationMs: 90_000, bytes: 0, cols: 80, rows: 24, complete: true };
  const p = { token };
  server.use(
    http.get(compilePath(apiPaths.sharedRecording, p), () => HttpResponse.json(shared)),
    http.get(compilePath(apiPaths.sharedRecordingSummary, p), ({ request }) => {
      auth.push(request.headers.get('Authorization'));
      return HttpResponse.json(summary);
    }),
    http.get(compilePath(apiPaths.sharedRecordingSeek, p), ({ request }) => {
      const at = Number(new URL(request.url).searchParams.get('at'));
      seeks.push(at);
      const point: SeekPoint = { at, cols: 80, rows: 24, screen: `screen at ${at}`, offset: 0, endOffset: 0, resizes: [] };
      return HttpResponse.json(point);
    }),
    http.get(compilePath(apiPaths.sharedRecordingEvents, p), () =>
      HttpResponse.json({ events: [{ kind: 'output', t: 89_000, offset: 0, length: 0 }], startKey: '' }),
    ),
  );
  await openLink();
  expect(await screen.findByRole('heading', { name: 'Recording of session s-1 on prod' }, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getByText('Shared by alice, until 2026-01-06 10:00:00')).toBeInTheDocument();
  await waitFor(() => expect(screenText.value).toBe('screen at 60000'), { timeout: 5000 });
  expect(seeks).toEqual([60_000]);
  expect(auth).toEqual([null]);
  expect(screen.getByTestId('player-time')).toHaveTextContent(/^1:0[01] \/ 1:30$/);
  expect(assign).not.toHaveBeenCalled();
});

test('an unknown, expired or revoked link says plainly that it is not valid, and plays nothing', async () => {
  server.use(
    http.get(compilePath(apiPaths.sharedRecording, { token }), () =>
      HttpResponse.json({ error: { message: 'this share link is not valid: it may have expired or been revoked' } }, { status: 404 }),
    ),
  );
  await openLink();
  expect(await screen.findByText(invalidLinkText, undefined, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.queryByTestId('player-terminal')).toBeNull();
  expect(assign).not.toHaveBeenCalled();
});

test('a failure other than a refusal shows its message', async () => {
  server.use(http.get(compilePath(apiPaths.sharedRecording, { token }), () => HttpResponse.json({ error: { message: 'the gateway is restarting' } }, { status: 503 })));
  await openLink();
  expect(await screen.findByText('the gateway is restarting', undefined, { timeout: 5000 })).toBeInTheDocument();
});
