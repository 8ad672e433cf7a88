import type { Meta, StoryObj } from '@storybook/react-vite';
import { SharedRecordingHeader, SharedRecordingRefused } from './SharedRecordingPage';

const meta: Meta = { title: 'Console/Shared Recording' };
export default meta;

/** What a valid link says above the player: whose recording, who shared it and until when. */
export const Header: StoryObj = {
  render: () => (
    <SharedRecordingHeader shared={{ sid: 's-1', clusterName: 'prod', sharedBy: 'alice', expires: '2026-01-06T10:00:00Z', fromMs: 60_000 }} />
  ),
};

/** An unknown, expired or revoked link. */
export const Refused: StoryObj = { render: () => <SharedRecordingRefused /> };
