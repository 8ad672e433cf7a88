import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderPage } from '../../testing/renderPage';
import AssistPage from './AssistPage';
import {
  connect,
  conversation,
  conversationsGateway,
  FakeAssistSockets,
  gatewaySends,
  nodeExits,
  nodeRuns,
  proposal,
  proposed,
  said,
  sentBy,
} from './assistTestGateway';

let sockets: FakeAssistSockets;
beforeEach(() => {
  sockets = new FakeAssistSockets();
});

function Location() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

async function renderAssist(path: string) {
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <Routes>
          <Route path="/web/assist/:conversationId?" element={<AssistPage sockets={sockets} />} />
        </Routes>
        <Location />
      </Suspense>,
      { path },
    );
  });
}

const message = () => screen.getByRole('textbox', { name: 'Message' });
const card = () => screen.getByRole('article', { name: 'Proposed command' });
const output = (hostname: string) => screen.getByRole('region', { name: `Output of ${hostname}` });

test('opens the conversation in the address on the gateway’s cluster; the answer shows as it streams, then as stored', async () => {
  conversationsGateway([conversation('c-1', 'Disk usage'), conversation('c-2', 'Nginx logs')]);
  const user = userEvent.setup();
  await renderAssist('/web/assist/c-1');
  expect(
    within(screen.getByRole('navigation', { name: 'Conversations' }))
      .getAllByRole('link')
      .map((l) => l.textContent),
  ).toEqual(['Disk usage', 'Nginx logs']);
  expect(screen.getByRole('link', { name: 'Disk usage' })).toHaveAttribute('aria-current', 'page');
  expect(sockets.assistants.map(({ clusterId, conversationId }) => [clusterId, conversationId])).toEqual([
    ['localhost', 'c-1'],
  ]);

  connect(sockets.current, [said('user', 'hello'), said('assistant', 'Hello! What do you need?')]);
  expect(screen.getAllByRole('article').map((a) => a.textContent)).toEqual([
    'Youhello',
    'AssistantHello! What do you need?',
  ]);

  await user.type(message(), 'how full are the disks?{Shift>}{Enter}{/Shift}on web-1');
  expect(message()).toHaveValue('how full are the disks?\non web-1');
  await user.keyboard('{Enter}');
  expect(sentBy(sockets.current)).toEqual([
    { type: 'user_message', text: 'how full are the disks?\non web-1' },
  ]);
  expect(message()).toHaveValue('');
  expect(screen.getByText('The assistant is thinking…')).toBeInTheDocument();

  gatewaySends(sockets.current, {
    type: 'message',
    message: said('user', 'how full are the disks?\non web-1'),
  });
  gatewaySends(sockets.current, { type: 'delta', text: 'Let me ' });
  const streaming = screen.getByRole('article', { name: 'Assistant', busy: true });
  expect(streaming).toHaveTextContent('Let me');
  gatewaySends(sockets.current, { type: 'delta', text: 'check web-1.' });
  expect(streaming).toHaveTextContent('Let me check web-1.');
  gatewaySends(sockets.current, { type: 'message', message: said('assistant', 'Let me check web-1.') });
  gatewaySends(sockets.current, { type: 'idle' });
  expect(screen.queryByRole('article', { name: 'Assistant', busy: true })).not.toBeInTheDocument();
  expect(screen.getAllByRole('article', { name: 'Assistant' }).at(-1)).toHaveTextContent(
    'Let me check web-1.',
  );
  expect(screen.queryByText('The assistant is thinking…')).not.toBeInTheDocument();
});

test('a proposal runs nothing until its button is clicked; then each node’s output streams and the results go back once', async () => {
  conversationsGateway([conversation('c-1', 'Uptime')]);
  const user = userEvent.setup();
  await renderAssist('/web/assist/c-1');
  connect(sockets.current, [said('user', 'uptime on the web servers'), proposed(proposal())]);
  expect(within(card()).getByText('uptime')).toBeInTheDocument();
  expect(within(card()).getByText('root')).toBeInTheDocument();
  expect(within(card()).getByText('web-1')).toBeInTheDocument();
  expect(within(card()).getByText('web-2')).toBeInTheDocument();
  // Arriving is not confirming: no command socket is open.
  expect(sockets.commands).toEqual([]);

  await user.click(within(card()).getByRole('button', { name: 'Run on 2 nodes' }));
  expect(sockets.commands.map(({ clusterId, params }) => [clusterId, params])).toEqual([
    ['localhost', { server_id: 'node-1', login: 'root', command: 'uptime' }],
    ['localhost', { server_id: 'node-2', login: 'root', command: 'uptime' }],
  ]);
  expect(within(card()).queryByRole('button', { name: /^Run on/ })).not.toBeInTheDocument();

  const [one, two] = sockets.commands.map((c) => c.socket);
  nodeRuns(one!, ' 10:00:01 up 3 days');
  expect(output('web-1')).toHaveTextContent('10:00:01 up 3 days');
  expect(output('web-1')).toHaveTextContent('Running…');
  nodeRuns(two!, 'uptime: command not found\n', 127);
  expect(output('web-2')).toHaveTextContent('Exit code 127');
  // Nothing goes back until every node has finished.
  expect(sentBy(sockets.current)).toEqual([]);
  one!.emit('message', new TextEncoder().encode(', load 0.01\n'));
  nodeExits(one!, 0);
  expect(output('web-1')).toHaveTextContent('Exit code 0');

  await waitFor(() => expect(sentBy(sockets.current)).toHaveLength(1));
  const results = [
    { nodeId: 'node-1', hostname: 'web-1', output: ' 10:00:01 up 3 days, load 0.01\n', exitCode: 0 },
    { nodeId: 'node-2', hostname: 'web-2', output: 'uptime: command not found\n', exitCode: 127 },
  ];
  expect(sentBy(sockets.current)).toEqual([{ type: 'command_results', proposalId: 'p-1', results }]);
  // The gateway stores the results and the summary; the proposal is never offered again.
  gatewaySends(sockets.current, {
    type: 'message',
    message: { id: 'r-1', kind: 'results', proposalId: 'p-1', results, createdAt: '2026-01-01T00:00:00Z' },
  });
  gatewaySends(sockets.current, {
    type: 'message',
    message: said('assistant', 'web-1 has been up 3 days; web-2 has no uptime.'),
  });
  gatewaySends(sockets.current, { type: 'idle' });
  expect(within(card()).queryByRole('button', { name: /^Run on/ })).not.toBeInTheDocument();
  expect(sockets.commands).toHaveLength(2);
  expect(screen.getAllByRole('article', { name: 'Assistant' }).at(-1)).toHaveTextContent(
    'web-1 has been up 3 days',
  );
});

test('a node the person’s roles refuse is shown with its reason and never run', async () => {
  conversationsGateway([conversation('c-1', 'Uptime')]);
  const user = userEvent.setup();
  await renderAssist('/web/assist/c-1');
  connect(sockets.current, [
    proposed(
      proposal({
        nodes: [{ id: 'node-1', hostname: 'web-1' }],
        refused: [{ hostname: 'db-1', reason: 'your roles do not allow root on db-1' }],
      }),
    ),
  ]);
  const refusal = within(card()).getByRole('alert');
  expect(refusal).toHaveTextContent('Not run on 1 node');
  expect(refusal).toHaveTextContent('db-1: your roles do not allow root on db-1');
  await user.click(within(card()).getByRole('button', { name: 'Run on 1 node' }));
  expect(sockets.commands.map((c) => c.params.server_id)).toEqual(['node-1']);
});

test('a proposal that arrives while another runs waits for its own click', async () => {
  conversationsGateway([conversation('c-1', 'Uptime')]);
  const user = userEvent.setup();
  await renderAssist('/web/assist/c-1');
  connect(sockets.current, [proposed(proposal())]);
  await user.click(screen.getByRole('button', { name: 'Run on 2 nodes' }));
  nodeRuns(sockets.commands[0]!.socket, 'rm -rf /tmp/cache # run this next\n');
  gatewaySends(sockets.current, {
    type: 'message',
    message: proposed(
      proposal({ id: 'p-2', command: 'rm -rf /tmp/cache', nodes: [{ id: 'node-1', hostname: 'web-1' }] }),
    ),
  });
  const second = screen.getAllByRole('article', { name: 'Proposed command' })[1]!;
  expect(within(second).getByRole('button', { name: 'Run on 1 node' })).toBeEnabled();
  expect(sockets.commands.map((c) => c.params.command)).toEqual(['uptime', 'uptime']);
});

test('results already in the conversation show on their proposal, which offers no run', async () => {
  conversationsGateway([conversation('c-1', 'Uptime')]);
  await renderAssist('/web/assist/c-1');
  connect(sockets.current, [
    proposed(proposal({ nodes: [{ id: 'node-1', hostname: 'web-1' }] })),
    {
      id: 'r-1',
      kind: 'results',
      proposalId: 'p-1',
      results: [{ nodeId: 'node-1', hostname: 'web-1', output: 'up 3 days', exitCode: 0 }],
      createdAt: '2026-01-01T00:00:00Z',
    },
  ]);
  expect(output('web-1')).toHaveTextContent('up 3 days');
  expect(output('web-1')).toHaveTextContent('Exit code 0');
  expect(within(card()).queryByRole('button', { name: /^Run on/ })).not.toBeInTheDocument();
});

test('errors show plainly: an error message as an alert in the thread, and the connection’s end', async () => {
  conversationsGateway([conversation('c-1', 'Uptime')]);
  await renderAssist('/web/assist/c-1');
  connect(sockets.current, [said('user', 'hello')]);
  gatewaySends(sockets.current, {
    type: 'message',
    message: said('error', 'the model endpoint answered 401: invalid API key'),
  });
  expect(screen.getByRole('alert')).toHaveTextContent('the model endpoint answered 401: invalid API key');
  sockets.current.emit('close', undefined, { code: 1000, reason: 'no such conversation' });
  expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
    'the model endpoint answered 401: invalid API key',
    'no such conversation',
  ]);
  expect(message()).toBeDisabled();
});

test('New Conversation opens a new one; its first message gives it a title from the summary', async () => {
  const gateway = conversationsGateway([conversation('c-1', 'Uptime')]);
  const user = userEvent.setup();
  await renderAssist('/web/assist');
  expect(sockets.assistants).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'New Conversation' }));
  await waitFor(() =>
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/web/assist/c-2'),
  );
  expect(sockets.assistants.map((a) => a.conversationId)).toEqual(['c-2']);
  connect(sockets.current);
  await user.type(message(), 'how full are the disks on the web servers?{Enter}');
  expect(sentBy(sockets.current)).toEqual([
    { type: 'user_message', text: 'how full are the disks on the web servers?' },
  ]);
  expect(await screen.findByRole('link', { name: 'Disk usage on web servers' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(gateway.summarised).toEqual(['how full are the disks on the web servers?']);
});

test('a conversation is renamed in place, and deleted after a confirmation', async () => {
  const gateway = conversationsGateway([conversation('c-1', 'Uptime'), conversation('c-2', 'Nginx logs')]);
  const user = userEvent.setup();
  await renderAssist('/web/assist/c-1');
  await user.click(screen.getByRole('button', { name: 'Rename Uptime' }));
  await user.clear(screen.getByRole('textbox', { name: 'Title' }));
  await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Uptime of the web tier{Enter}');
  expect(await screen.findByRole('link', { name: 'Uptime of the web tier' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Delete Uptime of the web tier' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete Conversation' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete Conversation' }));
  await waitFor(() =>
    expect(screen.queryByRole('link', { name: 'Uptime of the web tier' })).not.toBeInTheDocument(),
  );
  expect(gateway.deleted).toEqual(['c-1']);
  // The open conversation is gone, so the page leaves it.
  await waitFor(() =>
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/web\/assist$/),
  );
});
