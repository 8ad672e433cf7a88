import {
  type DatabaseStatementsJson,
  DESKTOP_CHUNK_HEADER_BYTES,
  eventCodes,
  type RecordingReviewJson,
  type RecordingSummary,
  type SeekPoint,
} from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
// console-kit's made-up desktop, which its own stories draw too; it is not part of the package's API.
import { serverInit, storyFrames } from '../../../../console-kit/src/desktops/storyDesktop';
import { adminContext, showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import { StorySocket } from '../../stories/storySocket';
import PlayerPage from './PlayerPage';

const meta: Meta = { title: 'Console/Player', parameters: { layout: 'fullscreen' } };
export default meta;

const sid = '4f8e2c1a-9b7d-4e61-a3c5-0d2f6b8e1a97';
const recording = `/v1/webapi/sites/localhost/sessions/${sid}`;
const durationMs = 90_000;

const summary: RecordingSummary = {
  sid,
  startTime: '2026-01-01T10:00:00Z',
  durationMs,
  bytes: 512,
  cols: 100,
  rows: 24,
  complete: true,
};

// The screen at the recording's end, coloured, so the story shows the terminal's palette in each theme.
const esc = '\u001b[';
const finalScreen: SeekPoint = {
  at: durationMs,
  cols: 100,
  rows: 24,
  screen: [
    `${esc}1;32mroot@web-1${esc}0m:${esc}1;34m/srv${esc}0m# ./deploy.sh`,
    `${esc}36m==>${esc}0m building ${esc}1mrelease 2026.01${esc}0m`,
    `${esc}33mwarning:${esc}0m cache is cold`,
    `${esc}32m✔${esc}0m deployed to web-1 in 41s`,
    `${esc}1;32mroot@web-1${esc}0m:${esc}1;34m/srv${esc}0m# exit`,
  ].join('\r\n'),
  offset: 0,
  endOffset: 0,
  resizes: [],
};

const review: RecordingReviewJson = { sid, status: 'to_review', comments: [] };

const sessionEnd = {
  code: eventCodes.SESSION_END,
  event: 'session.end',
  time: '2026-01-01T10:01:30Z',
  uid: 'end-1',
  sid,
  user: 'alice',
  participants: ['alice', 'bob'],
  login: 'root',
  server_hostname: 'web-1',
  interactive: true,
  session_recording: 'on',
  session_start: '2026-01-01T10:00:00Z',
  session_stop: '2026-01-01T10:01:30Z',
};

const backend = {
  answers: {
    ...adminContext,
    [`${recording}/recording`]: summary,
    [`${recording}/recording/seek`]: finalScreen,
    [`${recording}/recording/events`]: { events: [], startKey: '' },
    [`${recording}/review`]: review,
    '/v1/webapi/users': [],
    '/v1/webapi/sites/localhost/events/search/sessions': { events: [sessionEnd], startKey: '' },
  },
};

/** A recording opened at its end: the header says whose session it was, where, when and for how long. */
export const Ended: StoryObj = {
  play: showsText('alice, bob'),
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryConsole
      store={loaded.store}
      route="/web/cluster/:clusterId/session/:sid"
      path={`/web/cluster/localhost/session/${sid}?recordingType=ssh&durationMs=${durationMs}&t=${durationMs}`}
    >
      <PlayerPage />
    </StoryConsole>
  ),
};

const desktopSid = '2a9f4e61-3c7b-4d28-9f15-8e0a6b4c2d93';
const desktopBackend = { answers: adminContext };

/**
 * A desktop recording: the header names the session from the playback's header. Every screen of it comes at its start
 * (a chunk's time header of zeros) and it lasts no time, so it has played to its end whenever the screenshot is
 * taken.
 */
export const DesktopRecording: StoryObj = {
  play: showsText('carol'),
  loaders: [async () => ({ store: await storyStore(desktopBackend) })],
  render: (_args, { loaded }) => (
    <StoryConsole
      store={loaded.store}
      route="/web/cluster/:clusterId/session/:sid"
      path={`/web/cluster/localhost/session/${desktopSid}?recordingType=desktop&durationMs=1320000`}
    >
      <PlayerPage
        connectDesktopPlayback={() =>
          new StorySocket([
            JSON.stringify({ type: 'recording', sid: desktopSid, desktopName: 'win-1', user: 'carol', startTime: '2026-01-01T10:10:00Z', durationMs: 0 }),
            ...[serverInit('win-1'), ...storyFrames()].map(
              (rfb) => Uint8Array.from([...new Uint8Array(DESKTOP_CHUNK_HEADER_BYTES), ...rfb]).buffer,
            ),
            JSON.stringify({ type: 'end' }),
          ])
        }
      />
    </StoryConsole>
  ),
};

const databaseSid = 'd4e8b7c3-5a2f-4c19-8b6e-7f0d3a9c1e25';
const statements: DatabaseStatementsJson = {
  session: {
    sid: databaseSid,
    user: 'alice',
    db_service: 'orders',
    db_protocol: 'postgres',
    db_user: 'reporting',
    db_name: 'sales',
    session_start: '2026-01-01T10:33:00Z',
    session_stop: '2026-01-01T10:35:00Z',
  },
  statements: [
    { time: '2026-01-01T10:33:05Z', offset_ms: 5_000, query: 'select count(*) from orders' },
    {
      time: '2026-01-01T10:34:15Z',
      offset_ms: 75_000,
      query: 'select * from orders where id = $1',
      parameters: ['42'],
    },
    {
      time: '2026-01-01T10:34:59Z',
      offset_ms: 119_000,
      query: 'drop table orders',
      refused: 'statement not allowed by role: drop',
    },
  ],
  startKey: '',
};
const databaseBackend = {
  answers: { ...adminContext, [`/v1/webapi/sites/localhost/sessions/${databaseSid}/statements`]: statements },
};

/** A database recording: its statements, and the header naming the session as for any recording. */
export const DatabaseRecording: StoryObj = {
  play: showsText('drop table orders'),
  loaders: [async () => ({ store: await storyStore(databaseBackend) })],
  render: (_args, { loaded }) => (
    <StoryConsole
      store={loaded.store}
      route="/web/cluster/:clusterId/session/:sid"
      path={`/web/cluster/localhost/session/${databaseSid}?recordingType=database&durationMs=120000`}
    >
      <PlayerPage />
    </StoryConsole>
  ),
};
