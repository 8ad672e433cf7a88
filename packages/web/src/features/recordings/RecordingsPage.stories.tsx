import { type RecordingEventJson, webRoutes } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { showsText, storyStore } from '../../stories/storyGateway';
import { layoutAnswers, StoryInLayout } from '../layout/storyLayout';
import RecordingsPage from './RecordingsPage';

const meta: Meta = { title: 'Console/Recordings', parameters: { layout: 'fullscreen' } };
export default meta;

/** A session that ran from 10:`from` to 10:`to` on 1 January 2026, ended as the gateway's end event says. */
const ended = (sid: string, from: number, to: number, more: Partial<RecordingEventJson>): RecordingEventJson => {
  const at = (minute: number) => `2026-01-01T10:${String(minute).padStart(2, '0')}:00Z`;
  return { event: 'session.end', sid, time: at(to), session_start: at(from), session_stop: at(to), ...more };
};

// One recording of each kind the list tells apart, and the two an SSH session cannot be played for.
const events: RecordingEventJson[] = [
  ended('5b1e0c2a', 0, 5, { participants: ['alice', 'bob'], server_hostname: 'web-1', interactive: true }),
  ended('8c3d7f10', 6, 9, { user: 'alice', kubernetes_cluster: 'kube-prod', interactive: true }),
  ended('2a9f4e61', 10, 32, {
    event: 'windows.desktop.session.end',
    user: 'carol',
    desktop_name: 'win-1',
    recorded: true,
  }),
  ended('d4e8b7c3', 33, 35, { event: 'db.session.end', user: 'alice', db_service: 'orders' }),
  ended('71f0a5d9', 36, 37, { user: 'deploy', server_hostname: 'web-2', interactive: false }),
  ended('c6b2e8f4', 38, 40, { user: 'bob', server_hostname: 'db-1', interactive: true, session_recording: 'off' }),
];

const withRecordings = (items: RecordingEventJson[], shows: string): StoryObj => {
  const backend = {
    answers: { ...layoutAnswers, '/v1/webapi/sites/localhost/events/search/sessions': { events: items, startKey: '' } },
  };
  return {
    play: showsText(shows),
    loaders: [async () => ({ store: await storyStore(backend) })],
    render: (_args, { loaded }) => (
      <StoryInLayout store={loaded.store} route={webRoutes.recordings}>
        <RecordingsPage />
      </StoryInLayout>
    ),
  };
};

/** Sessions of every kind, the playable ones with Play and the others saying why not. */
export const List = withRecordings(events, 'recording disabled');

export const Empty = withRecordings([], 'No Recordings Found');
