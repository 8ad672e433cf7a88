import * as kit from './index';

// The public API of @portcullis/console-kit, shared by the console and the workspace app: change it on purpose.
test('the package exports exactly these names', () => {
  expect(Object.keys(kit).sort()).toEqual([
    'FileTransferBar',
    'LoginForm',
    'NodeList',
    'PlayerControls',
    'PlayerEngine',
    'SessionLifecycle',
    'TerminalEngine',
    'crossTabMessage',
    'downloadFile',
    'gatewayNodes',
    'handlePlayerKey',
    'httpSource',
    'openTerminalSocket',
    'openXterm',
    'uploadFile',
    'xtermTheme',
  ]);
});
