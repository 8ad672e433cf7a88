import { pingJson } from '@portcullis/gateway/wire';
import { apiPaths, createLocalState, StorageKey } from '@portcullis/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import MainLayout from '../layout/MainLayout';
import { AssistPopup } from './AssistPopup';
import { connect, conversation, conversationsGateway, FakeAssistSockets, said } from './assistTestGateway';

beforeEach(() => localStorage.clear());

const assistButton = () => screen.queryByRole('button', { name: 'Assist' });

async function renderLayout(assistEnabled: boolean) {
  server.use(...userContextHandlers(['assist']));
  // After the default ping, so this one answers.
  server.use(
    http.get(apiPaths.ping, () =>
      HttpResponse.json({ ...pingJson(), proxy: { ...pingJson().proxy, assist_enabled: assistEnabled } }),
    ),
  );
  localStorage.setItem(StorageKey.SHOW_ASSIST_POPUP, 'false');
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <MainLayout />
      </Suspense>,
    );
  });
}

test('the top bar offers the assistant when the assist flag is on', async () => {
  await renderLayout(true);
  expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Assist' })).toBeInTheDocument();
});

test('without the server’s assist flag there is no assistant in the top bar', async () => {
  await renderLayout(false);
  expect(assistButton()).not.toBeInTheDocument();
});

test('the popup shows the newest conversation; whether it is open is kept and survives a clear of local storage', async () => {
  conversationsGateway([conversation('c-2', 'Nginx logs'), conversation('c-1', 'Uptime')]);
  const sockets = new FakeAssistSockets();
  const user = userEvent.setup();
  localStorage.setItem(StorageKey.SHOW_ASSIST_POPUP, 'false');
  const popup = () => renderPage(<AssistPopup sockets={sockets} />);
  const first = popup();
  expect(screen.queryByRole('complementary', { name: 'Assistant' })).not.toBeInTheDocument();

  // Opening loads the conversations: let that settle inside act.
  await act(async () => user.click(assistButton()!));
  expect(localStorage.getItem(StorageKey.SHOW_ASSIST_POPUP)).toBe('true');
  await screen.findByRole('textbox', { name: 'Message' });
  expect(sockets.assistants.map((a) => a.conversationId)).toEqual(['c-2']);
  connect(sockets.current, [said('assistant', 'Hello from the popup')]);
  expect(
    within(screen.getByRole('complementary', { name: 'Assistant' })).getByText('Hello from the popup'),
  ).toBeInTheDocument();

  createLocalState(localStorage).clear();
  first.unmount();
  await act(async () => {
    popup();
  });
  expect(await screen.findByRole('complementary', { name: 'Assistant' })).toBeInTheDocument();
  expect(assistButton()).toHaveAttribute('aria-expanded', 'true');

  await user.click(screen.getByRole('button', { name: 'Close the assistant' }));
  expect(screen.queryByRole('complementary', { name: 'Assistant' })).not.toBeInTheDocument();
  expect(localStorage.getItem(StorageKey.SHOW_ASSIST_POPUP)).toBe('false');
});

test('the popup is not offered on the Assist page itself', () => {
  renderPage(<AssistPopup sockets={new FakeAssistSockets()} />, { path: '/web/assist/c-1' });
  expect(assistButton()).not.toBeInTheDocument();
});
