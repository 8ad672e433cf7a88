import { Box } from '@portcullis/design';
import type { AssistConversationJson, AssistMessageJson } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import AssistPage from './AssistPage';
import { storySockets } from './assistStorySockets';

const meta: Meta = { title: 'Console/Assist' };
export default meta;

const createdAt = '2026-01-01T00:00:00Z';
const conversations: AssistConversationJson[] = [
  { id: 'c-2', title: 'Uptime of the web tier', createdAt },
  { id: 'c-1', title: 'Nginx error logs', createdAt },
];

const asked: AssistMessageJson = {
  id: 'm-1',
  kind: 'user',
  text: 'How long have the web servers been up?',
  createdAt,
};
const uptime: AssistMessageJson = {
  id: 'm-2',
  kind: 'proposal',
  proposal: {
    id: 'p-1',
    command: 'uptime',
    login: 'root',
    nodes: [
      { id: 'node-1', hostname: 'web-1' },
      { id: 'node-2', hostname: 'web-2' },
    ],
    refused: [{ hostname: 'db-1', reason: 'your roles do not allow the login root on db-1' }],
  },
  createdAt,
};

const conversation = (history: AssistMessageJson[], shows: string, list = conversations): StoryObj => {
  const backend = { answers: { 'GET /v1/webapi/assistant/conversations': { conversations: list } } };
  const sockets = storySockets(history);
  return {
    parameters: { layout: 'fullscreen' },
    play: showsText(shows),
    loaders: [async () => ({ store: await storyStore(backend) })],
    render: (_args, { loaded }) => (
      <StoryConsole
        store={loaded.store}
        route="/web/assist/:conversationId?"
        path={list.length ? '/web/assist/c-2' : '/web/assist'}
      >
        <Box height="100vh" p={5}>
          <AssistPage sockets={sockets} />
        </Box>
      </StoryConsole>
    ),
  };
};

/** A command proposed for two nodes, one more refused, waiting for its click. */
export const Proposal = conversation(
  [
    asked,
    { id: 'm-3', kind: 'assistant', text: 'I can check with uptime on the web servers.', createdAt },
    uptime,
  ],
  'Run on 2 nodes',
);

/** After the click: each node's output and exit code, and the assistant's summary of them. */
export const ResultsAndSummary = conversation(
  [
    asked,
    uptime,
    {
      id: 'm-4',
      kind: 'results',
      proposalId: 'p-1',
      results: [
        {
          nodeId: 'node-1',
          hostname: 'web-1',
          output: ' 10:00:01 up 3 days,  load average: 0.01, 0.02, 0.00\n',
          exitCode: 0,
        },
        { nodeId: 'node-2', hostname: 'web-2', output: 'uptime: command not found\n', exitCode: 127 },
      ],
      createdAt,
    },
    {
      id: 'm-5',
      kind: 'assistant',
      text: 'web-1 has been up for 3 days and is idle. web-2 has no uptime command installed.',
      createdAt,
    },
  ],
  'web-1 has been up for 3 days and is idle. web-2 has no uptime command installed.',
);

/** The model endpoint failed: its error as the thread shows it. */
export const ModelError = conversation(
  [
    asked,
    {
      id: 'm-6',
      kind: 'error',
      text: 'the model endpoint answered 401 Unauthorized: check the API key file',
      createdAt,
    },
  ],
  'the model endpoint answered 401 Unauthorized: check the API key file',
);

/** No conversation yet. */
export const Empty = conversation([], 'Ask the assistant', []);
