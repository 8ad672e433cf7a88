import {
  assistantSocketUrl,
  commandExecuteSocketUrl,
  databaseConsoleSocketUrl,
  desktopPlaybackSocketUrl,
  desktopSocketUrl,
  terminalSocketUrl,
  websocketOrigin,
} from './websocketUrls';

const origin = 'https://portcullis.example.com';

test('https pages use wss and http pages ws', () => {
  expect(websocketOrigin(origin)).toBe('wss://portcullis.example.com');
  expect(websocketOrigin('http://localhost:3080')).toBe('ws://localhost:3080');
});

test('terminal: access_token, params and traceparent', () => {
  const url = terminalSocketUrl(origin, {
    clusterId: 'one',
    accessToken: 'tok',
    params: { server_id: 's1', login: 'root', term: { w: 80, h: 24 } },
    traceparent: '00-abc-def-01',
  });
  expect(url.startsWith('wss://portcullis.example.com/v1/webapi/sites/one/connect?')).toBe(true);
  expect(url).toContain('access_token=tok');
  expect(url).toContain(`params=${encodeURIComponent('{"server_id":"s1","login":"root","term":{"w":80,"h":24}}')}`);
  expect(url).toContain('traceparent=00-abc-def-01');
});

test('desktop: access_token, username, width and height', () => {
  expect(
    desktopSocketUrl(origin, { clusterId: 'one', desktopName: 'win', accessToken: 'tok', username: 'Administrator', width: 1280, height: 720 }),
  ).toBe('wss://portcullis.example.com/v1/webapi/sites/one/desktops/win/connect?access_token=tok&username=Administrator&width=1280&height=720');
});

test('desktop playback, assistant and command execution carry access_token', () => {
  expect(desktopPlaybackSocketUrl(origin, { clusterId: 'one', sid: 's1', accessToken: 'tok' })).toBe(
    'wss://portcullis.example.com/v1/webapi/sites/one/desktopplayback/s1?access_token=tok',
  );
  expect(assistantSocketUrl(origin, { clusterId: 'one', accessToken: 'tok', conversationId: 'c1' })).toBe(
    'wss://portcullis.example.com/v1/webapi/sites/one/assistant?access_token=tok&conversation_id=c1',
  );
  expect(commandExecuteSocketUrl(origin, { clusterId: 'one', accessToken: 'tok', params: { command: 'ls' } })).toBe(
    `wss://portcullis.example.com/v1/webapi/command/one/execute?access_token=tok&params=${encodeURIComponent('{"command":"ls"}')}`,
  );
});

test('the database console socket names the database, the user and the database name', () => {
  expect(databaseConsoleSocketUrl('https://gw.example.com', { clusterId: 'one', database: 'orders', accessToken: 't', dbUser: 'alice', dbName: 'sales' })).toBe(
    'wss://gw.example.com/v1/webapi/sites/one/databases/orders/console?access_token=t&db_user=alice&db_name=sales',
  );
});
