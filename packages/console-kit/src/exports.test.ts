import * as kit from './index';

// The public API of @portcullis/console-kit, shared by the console and the workspace app: change it on purpose.
test('the package exports exactly these names', () => {
  expect(Object.keys(kit).sort()).toEqual([
    'AuthenticatorCodeField',
    'FileTransferBar',
    'FileTransferRequestDialog',
    'LoginForm',
    'NodeList',
    'PlayerControls',
    'PlayerEngine',
    'SecondFactorPrompt',
    'SessionLifecycle',
    'TerminalEngine',
    'TransferApprovals',
    'createCredential',
    'crossTabMessage',
    'downloadFile',
    'gatewayNodes',
    'getAssertion',
    'handlePlayerKey',
    'httpSource',
    'loginWithPasskey',
    'loginWithSecurityKey',
    'openTerminalSocket',
    'openXterm',
    'supportsWebauthn',
    'uploadFile',
    'useFileTransferRequests',
    'useSecondFactorDialog',
    'xtermTheme',
  ]);
});
