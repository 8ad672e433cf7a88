import { authenticateChallengeJson } from '@portcullis/gateway/wire';
import { apiPaths, compilePath } from '@portcullis/shared';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { assertionJson, headlessRequestJson } from '../../testing/mfa';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import HeadlessPage from './HeadlessPage';

// The browser's WebAuthn is played at the library's boundary: jsdom has no navigator.credentials.
jest.mock('@simplewebauthn/browser', () => ({
  ...jest.requireActual('@simplewebauthn/browser'),
  browserSupportsWebAuthn: jest.fn(),
  startAuthentication: jest.fn(),
}));

const requestPath = compilePath(apiPaths.headlessSso, { requestId: 'req-1' });

/** The request req-1 in `state`, asked for by alice who has one key; the decision PUT and the challenge are recorded. */
async function gateway(state: Parameters<typeof headlessRequestJson>[0] = 'pending') {
  const challenge = await authenticateChallengeJson({ credentialIds: ['Y3JlZC0x'] });
  const sent: { path: string; body: unknown }[] = [];
  server.use(
    http.get(requestPath, () => HttpResponse.json(headlessRequestJson(state))),
    http.post(apiPaths.mfaAuthenticateChallenge, async ({ request }) => {
      sent.push({ path: apiPaths.mfaAuthenticateChallenge, body: await request.json() });
      return HttpResponse.json(challenge);
    }),
    http.put(requestPath, async ({ request }) => {
      sent.push({ path: requestPath, body: await request.json() });
      return HttpResponse.json({ message: 'ok' });
    }),
  );
  return { sent, publicKey: challenge.webauthn_challenge!.publicKey };
}

const renderAt = () =>
  renderPage(
    <Routes>
      <Route path="/web/headless/:requestId" element={<HeadlessPage />} />
    </Routes>,
    { path: '/web/headless/req-1' },
  );

beforeEach(() => {
  jest.mocked(browserSupportsWebAuthn).mockReturnValue(true);
  jest.mocked(startAuthentication).mockResolvedValue(assertionJson as never);
});

test('shows who asked and from which IP address, with Approve and Reject', async () => {
  await gateway();
  renderAt();
  expect(await screen.findByText('203.0.113.7')).toBeInTheDocument();
  expect(screen.getByText('Client IP address')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Headless Login Request' })).toBeInTheDocument();
  expect(screen.getByRole('main')).toHaveTextContent('Someone started a command-line sign-in as alice.');
  expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Reject' })).toBeEnabled();
});

test('Approve asks for a key tap on a headless challenge and accepts with the assertion', async () => {
  const user = userEvent.setup();
  const { sent, publicKey } = await gateway();
  renderAt();
  await user.click(await screen.findByRole('button', { name: 'Approve' }));
  const dialog = await screen.findByRole('dialog', { name: 'Verify Your Identity' });
  expect(dialog).toHaveTextContent('Approve the sign-in from 203.0.113.7 with your second factor.');
  await user.click(within(dialog).getByRole('button', { name: 'Use security key' }));
  expect(
    await screen.findByText('The request has been approved. You can go back to your terminal.'),
  ).toBeInTheDocument();
  expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: publicKey });
  expect(sent).toEqual([
    { path: apiPaths.mfaAuthenticateChallenge, body: { scope: 'headless' } },
    { path: requestPath, body: { action: 'accept', mfaResponse: { webauthn_response: assertionJson } } },
  ]);
});

test('Reject denies without a second factor, from the keyboard too', async () => {
  const user = userEvent.setup();
  const { sent } = await gateway();
  renderAt();
  (await screen.findByRole('button', { name: 'Reject' })).focus();
  await user.keyboard('{Enter}');
  expect(
    await screen.findByText('The request has been rejected. Nothing was signed in.'),
  ).toBeInTheDocument();
  expect(sent).toEqual([{ path: requestPath, body: { action: 'denied' } }]);
});

test('closing the prompt decides nothing and says why', async () => {
  const user = userEvent.setup();
  const { sent } = await gateway();
  renderAt();
  await user.click(await screen.findByRole('button', { name: 'Approve' }));
  const dialog = await screen.findByRole('dialog', { name: 'Verify Your Identity' });
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The second factor was not given.');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled());
  expect(sent.filter((s) => s.path === requestPath)).toEqual([]);
});

test('a request already decided shows its outcome and no buttons', async () => {
  await gateway('approved');
  renderAt();
  expect(
    await screen.findByText('The request has been approved. You can go back to your terminal.'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
});

test('an unknown or expired request shows the server’s message', async () => {
  server.use(
    http.get(requestPath, () =>
      HttpResponse.json({ error: { message: 'headless request not found' } }, { status: 404 }),
    ),
  );
  renderAt();
  expect(await screen.findByRole('alert')).toHaveTextContent('headless request not found');
  expect(screen.getByRole('alert')).toHaveTextContent('Start the sign-in again from your terminal.');
});
