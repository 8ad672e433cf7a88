import { compilePath, webRoutes } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryConsole, storyStore } from '../../stories/storyGateway';
import { StorySocket } from '../../stories/storySocket';
import KubeExecPage from './KubeExecPage';
import { showsTextUnfocused } from './terminalStory';

const meta: Meta = { title: 'Console/Kubernetes Exec', parameters: { layout: 'fullscreen' } };
export default meta;

// A shell in the pod's container, after a first command.
const esc = '\u001b[';
const screen = [
  '/app # ls',
  `${esc}1;34mconfig${esc}0m      ${esc}1;32mserver${esc}0m      ${esc}1;34mstatic${esc}0m`,
  '/app # ',
].join('\r\n');

const backend = {};

/** A terminal on a pod's container: namespace/pod (container), connected, and the clusters it is in. */
export const PodTerminal: StoryObj = {
  play: showsTextUnfocused('Connected'),
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryConsole
      store={loaded.store}
      route={webRoutes.consoleKubeExec}
      path={`${compilePath(webRoutes.consoleKubeExec, { clusterId: 'localhost', kubeId: 'kube-prod' })}?namespace=shop&pod=api-0&container=app&command=sh`}
    >
      <KubeExecPage connect={() => new StorySocket([new TextEncoder().encode(screen).buffer])} />
    </StoryConsole>
  ),
};
