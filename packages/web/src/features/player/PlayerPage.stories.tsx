import { eventCodes, type RecordingReviewJson, type RecordingSummary, type SeekPoint } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { adminContext, showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
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
