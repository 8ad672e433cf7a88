import { ThemeProvider } from '@portcullis/design';
import type { AuthenticateChallengeJson } from '@portcullis/shared';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { SecondFactorPrompt } from './SecondFactorPrompt';
import { useSecondFactorDialog } from './useSecondFactorDialog';

jest.mock('@simplewebauthn/browser', () => ({
  ...jest.requireActual('@simplewebauthn/browser'),
  browserSupportsWebAuthn: jest.fn(),
  startAuthentication: jest.fn(),
}));
const supported = jest.mocked(browserSupportsWebAuthn);
const authenticate = jest.mocked(startAuthentication);

const keyOptions = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' };
const keyOnly: AuthenticateChallengeJson = {
  webauthn_challenge: { publicKey: keyOptions },
  totp_challenge: false,
};
const codeOnly: AuthenticateChallengeJson = { totp_challenge: true };
const both: AuthenticateChallengeJson = {
  webauthn_challenge: { publicKey: keyOptions },
  totp_challenge: true,
};
const assertion = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: {},
  clientExtensionResults: {},
};

const renderUi = (ui: ReactElement) => render(<ThemeProvider>{ui}</ThemeProvider>);

beforeEach(() => {
  jest.resetAllMocks();
  supported.mockReturnValue(true);
});

test('a key tap answers with the browser’s assertion for the challenge’s options', async () => {
  const user = userEvent.setup();
  const onAnswer = jest.fn();
  let tapped!: (value: never) => void;
  authenticate.mockReturnValue(new Promise((resolve) => (tapped = resolve)));
  renderUi(
    <SecondFactorPrompt
      challenge={keyOnly}
      onAnswer={onAnswer}
      description="Removing a device needs a second factor."
    />,
  );
  expect(screen.getByText('Removing a device needs a second factor.')).toBeInTheDocument();
  expect(screen.queryByLabelText('Authenticator code')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Use security key' }));
  expect(screen.getByRole('status')).toHaveTextContent('Tap your security key…');
  expect(authenticate).toHaveBeenCalledWith({ optionsJSON: keyOptions });
  tapped(assertion as never);
  await waitFor(() => expect(onAnswer).toHaveBeenCalledWith({ webauthn_response: assertion }));
  expect(screen.getByRole('status')).toHaveTextContent('');
});

test('with the keyboard: a typed code is sent with Enter', async () => {
  const user = userEvent.setup();
  const onAnswer = jest.fn();
  renderUi(<SecondFactorPrompt challenge={codeOnly} onAnswer={onAnswer} />);
  expect(screen.queryByRole('button', { name: 'Use security key' })).not.toBeInTheDocument();
  // Only a code can answer, so the field has the focus already.
  expect(screen.getByLabelText('Authenticator code')).toHaveFocus();
  await user.keyboard(' 123456{Enter}');
  expect(onAnswer).toHaveBeenCalledWith({ totp_code: '123456' });
});

test('an empty code is not sent', async () => {
  const user = userEvent.setup();
  const onAnswer = jest.fn();
  renderUi(<SecondFactorPrompt challenge={codeOnly} onAnswer={onAnswer} />);
  await user.click(screen.getByRole('button', { name: 'Verify code' }));
  expect(await screen.findByText('Enter the code your authenticator app shows')).toBeInTheDocument();
  expect(onAnswer).not.toHaveBeenCalled();
});

test('when both are accepted, the key leads and a code is the alternative', async () => {
  const user = userEvent.setup();
  const onAnswer = jest.fn();
  renderUi(<SecondFactorPrompt challenge={both} onAnswer={onAnswer} />);
  const key = screen.getByRole('button', { name: 'Use security key' });
  const code = screen.getByLabelText('Authenticator code');
  expect(key.compareDocumentPosition(code) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  await user.type(code, '654321');
  await user.click(screen.getByRole('button', { name: 'Verify code' }));
  expect(onAnswer).toHaveBeenCalledWith({ totp_code: '654321' });
});

test('a refused answer shows why and the user may answer again', async () => {
  const user = userEvent.setup();
  const onAnswer = jest
    .fn()
    .mockRejectedValueOnce(new Error('the code is not valid'))
    .mockResolvedValueOnce(undefined);
  renderUi(<SecondFactorPrompt challenge={codeOnly} onAnswer={onAnswer} />);
  await user.type(screen.getByLabelText('Authenticator code'), '000000{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent('the code is not valid');
  await user.clear(screen.getByLabelText('Authenticator code'));
  await user.type(screen.getByLabelText('Authenticator code'), '111111{Enter}');
  await waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith({ totp_code: '111111' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a browser without WebAuthn is told so when the key is asked for', async () => {
  const user = userEvent.setup();
  supported.mockReturnValue(false);
  renderUi(<SecondFactorPrompt challenge={keyOnly} onAnswer={jest.fn()} />);
  await user.click(screen.getByRole('button', { name: 'Use security key' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'this browser does not support Webauthn required for hardware tokens, please try the latest version of Chrome, Firefox or Safari',
  );
});

test('a challenge nothing can answer says so', () => {
  renderUi(<SecondFactorPrompt challenge={{ totp_challenge: false }} onAnswer={jest.fn()} />);
  expect(screen.getByRole('alert')).toHaveTextContent(
    'You have no second factor registered that could answer this.',
  );
});

describe('useSecondFactorDialog', () => {
  /** Opens `sessions` terminals at once, each asking for a second factor. */
  function Asker({ sessions, onResult }: { sessions: number; onResult: (result: string) => void }) {
    const { ask, dialog } = useSecondFactorDialog();
    const start = () => {
      for (let n = 1; n <= sessions; n += 1) {
        ask(codeOnly, `Opening session ${n} needs a second factor.`).then(
          (r) => onResult(`answer ${r.totp_code}`),
          (e: Error) => onResult(`${e.name}: ${e.message}`),
        );
      }
    };
    return (
      <>
        <button onClick={start}>Open</button>
        {dialog}
      </>
    );
  }

  test('opens a dialog that resolves with the answer; asks queue one after the other', async () => {
    const user = userEvent.setup();
    const results: string[] = [];
    renderUi(<Asker sessions={2} onResult={(r) => results.push(r)} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const first = screen.getByRole('dialog', { name: 'Verify Your Identity' });
    expect(first).toHaveTextContent('Opening session 1 needs a second factor.');
    await user.type(screen.getByLabelText('Authenticator code'), '111111{Enter}');
    await waitFor(() => expect(results).toEqual(['answer 111111']));
    expect(await screen.findByText('Opening session 2 needs a second factor.')).toBeInTheDocument();
    // A fresh prompt for the second ask: nothing typed for the first is left in it.
    expect(screen.getByLabelText('Authenticator code')).toHaveValue('');
  });

  test('closing it with Escape rejects the ask, so the engine waiting on it can stop', async () => {
    const user = userEvent.setup();
    const results: string[] = [];
    renderUi(<Asker sessions={1} onResult={(r) => results.push(r)} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByLabelText('Authenticator code')).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(results).toEqual(['AbortError: The second factor was not given.']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
