import { decodeFrame, encodeControl, fileTransferPath, terminalAckEveryBytes, terminalParams, terminalSocketPath, terminalWindowBytes } from './index';

describe('terminal wire protocol', () => {
  test('binary frames are raw terminal bytes', () => {
    const bytes = new Uint8Array([0x1b, 0x5b, 0x41, 0xff]);
    expect(decodeFrame(bytes)).toEqual({ kind: 'data', data: bytes });
    expect(decodeFrame(bytes.buffer)).toEqual({ kind: 'data', data: bytes });
  });

  test('control messages round-trip as JSON text frames', () => {
    const resize = { type: 'resize', w: 120, h: 40 } as const;
    expect(encodeControl(resize)).toBe('{"type":"resize","w":120,"h":40}');
    expect(decodeFrame(encodeControl(resize))).toEqual({ kind: 'control', message: resize });
    const close = { type: 'close', reason: 'shell exited', exitCode: 130 } as const;
    expect(decodeFrame(encodeControl(close))).toEqual({ kind: 'control', message: close });
  });

  test('unknown or malformed control messages are refused with the reason', () => {
    expect(() => decodeFrame('not json')).toThrow('control message is not JSON');
    expect(() => decodeFrame('{"type":"launch"}')).toThrow(/invalid control message/);
    expect(() => decodeFrame('{"type":"resize","w":0,"h":40}')).toThrow(/w:/);
    expect(() => decodeFrame('{"type":"ack","bytes":-1}')).toThrow(/bytes/);
  });

  test('encodeControl refuses a message the receiver would reject', () => {
    expect(() => encodeControl({ type: 'resize', w: 5000, h: 10 })).toThrow();
  });

  test('the flow-control window is one mebibyte, acknowledged in credits of a quarter of it', () => {
    expect(terminalWindowBytes).toBe(1048576);
    expect(terminalAckEveryBytes).toBe(262144);
  });

  test('the socket path carries access_token, params and traceparent', () => {
    const params = { server_id: 'n1', login: 'root', term: { w: 80, h: 24 } };
    const path = terminalSocketPath('main', 'tok en', params, '00-abc-def-01');
    const url = new URL(`ws://gateway${path}`);
    expect(url.pathname).toBe('/v1/webapi/sites/main/connect');
    expect(url.searchParams.get('access_token')).toBe('tok en');
    expect(terminalParams.parse(JSON.parse(url.searchParams.get('params') ?? ''))).toEqual(params);
    expect(url.searchParams.get('traceparent')).toBe('00-abc-def-01');
    expect(terminalSocketPath('main', 't', params)).not.toContain('traceparent');
  });

  test('the file-transfer path names node, login, location and filename', () => {
    const path = fileTransferPath('main', 'node 1', 'root', '/tmp/a b.txt', 'a b.txt');
    const url = new URL(`http://gateway${path}`);
    expect(url.pathname).toBe('/v1/webapi/sites/main/nodes/node%201/root/scp');
    expect(url.searchParams.get('location')).toBe('/tmp/a b.txt');
    expect(url.searchParams.get('filename')).toBe('a b.txt');
  });
});
