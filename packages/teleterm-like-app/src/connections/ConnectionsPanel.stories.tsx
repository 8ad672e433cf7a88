import type { Meta, StoryObj } from '@storybook/react-vite';
import { createDaemonClient } from '../daemon/daemonClient';
import { answerWith, showsText } from '../stories/storyDaemon';
import { cache, orders } from '../stories/storyData';
import { ConnectionsPanel } from './ConnectionsPanel';
import { useConnections } from './useConnections';

const meta: Meta = { title: 'Workspace/Connections' };
export default meta;

const daemon = createDaemonClient();

function Panel() {
  return <ConnectionsPanel connections={useConnections(daemon)} onOpen={() => {}} />;
}

/** One connected, one down with the reason its port could not open. */
export const Default: StoryObj = {
  loaders: [() => answerWith({ '/v1/daemon/connections': [orders, cache] })],
  play: showsText('port 6390 is in use'),
  render: () => <Panel />,
};

export const Empty: StoryObj = {
  loaders: [() => answerWith({ '/v1/daemon/connections': [] })],
  play: showsText('No connections'),
  render: () => <Panel />,
};
