/** @jest-environment node */
import { decodeFrame, encodeControl, type SessionInfo, terminalAckEveryBytes, terminalWindowBytes } from '@portcullis/shared';
import type { AskSecondFactor } from '../mfa/SecondFactorPrompt';
import { type TerminalSocket, type TerminalSurface, TerminalEngine } from './TerminalEngine';

type Listener = (event: { data: unknown }) => void;

/** A websocket stand-in: the test plays the gateway by emitting frames and reading what the engine sent. */
class FakeSocket implements TerminalSocket {
  binaryType: BinaryType = 'blob';
  readyState = 0;
  sent: (string | Uint8Array)[] = [];
  closedWith: number | undefined;
  private listeners = new Map<string, Listener[]>();

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(data: string | Uint8Array) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  emit(type: string, data?: unknown) {
    if (type === 'open') this.readyState = 1;
    if (type === 'close') this.readyState = 3;
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
  /** Control messages the engine sent, decoded with the shared protocol. */
  controls() {
    return this.sent.filter((f): f is string => typeof f === 'string').map((f) => decodeFrame(f));
  }
  input() {
    return this.sent.filter((f) => typeof f !== 'string').map((f) => new TextDecoder().decode(f as Uint8Array));
  }
}

/** An xterm stand-in: records writes and holds their callbacks until the test says parsing is done. */
class FakeTerminal implements TerminalSurface {
  cols = 80;
  rows = 24;
  writes: { data: Uint8Array | string; done?: () => void }[] = [];
  private dataListener: ((data: string) => void) | undefined;
  private resizeListener: ((size: { cols: number; rows: number }) => void) | undefined;

  write(data: Uint8Array | string, done?: () => void) {
    this.writes.push({ data, done });
  }
  onData(listener: (data: string) => void) {
    this.dataListener = listener;
    return { dispose: () => (this.dataListener = undefined) };
  }
  onResize(listener: (size: { cols: number; rows: number }) => void) {
    this.resizeListener = listener;
    return { dispose: () => (this.resizeListener = undefined) };
  }
  type(text: string) {
    this.dataListener?.(text);
  }
  resize(cols: number, rows: number) {
    this.cols = cols;
    this.rows = rows;
    this.resizeListener?.({ cols, rows });
  }
  parseAll() {
    for (const w of this.writes.splice(0)) w.done?.();
  }
  text() {
    return this.writes.map((w) => (typeof w.data === 'string' ? w.data : new TextDecoder().decode(w.data))).join('');
  }
}

function setup(onMfaChallenge?: AskSecondFactor) {
  const socket = new FakeSocket();
  const terminal = new FakeTerminal();
  const events: string[] = [];
  const engine = new TerminalEngine({
    terminal,
    socket,
    onMfaChallenge,
    onStatus: (s) => events.push(`status:${s}`),
    onSession: (s) => events.push(`session:${s.id}`),
    onAuditEvent: (e) => events.push(`audit:${String(e.code)}`),
    onClose: (r) => events.push(`close:${r}`),
    onError: (m) => events.push(`error:${m}`),
  });
  return { socket, terminal, engine, events };
}

const frame = (text: string) => new TextEncoder().encode(text).buffer;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('asks for binary frames as ArrayBuffer and reports the socket opening', () => {
  const { socket, events } = setup();
  expect(socket.binaryType).toBe('arraybuffer');
  socket.emit('open');
  expect(events).toEqual(['status:connected']);
});

test('keystrokes go out at once as binary frames holding the UTF-8 bytes', () => {
  const { socket, terminal } = setup();
  socket.emit('open');
  terminal.type('echo é\r');
  terminal.type('\x03');
  expect(socket.sent[0]).toBeInstanceOf(Uint8Array);
  expect(socket.input()).toEqual(['echo é\r', '\x03']);
});

test('output frames are batched for 10 ms into one terminal write', () => {
  const { socket, terminal } = setup();
  socket.emit('open');
  socket.emit('message', frame('hello-'));
  socket.emit('message', frame('node1\r\n'));
  jest.advanceTimersByTime(9);
  expect(terminal.writes).toHaveLength(0);
  jest.advanceTimersByTime(1);
  expect(terminal.writes).toHaveLength(1);
  expect(terminal.text()).toBe('hello-node1\r\n');
});

test('resize is debounced for 200 ms and sends only the last size', () => {
  const { socket, terminal } = setup();
  socket.emit('open');
  terminal.resize(100, 30);
  jest.advanceTimersByTime(150);
  terminal.resize(120, 40);
  jest.advanceTimersByTime(199);
  expect(socket.controls()).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(socket.controls()).toEqual([{ kind: 'control', message: { type: 'resize', w: 120, h: 40 } }]);
});

test('output is acknowledged as it arrives, in credits of at least terminalAckEveryBytes', () => {
  const { socket } = setup();
  socket.emit('open');
  const half = new Uint8Array(terminalAckEveryBytes / 2).fill(0x79);
  socket.emit('message', half.buffer.slice(0));
  expect(socket.controls()).toEqual([]);
  socket.emit('message', half.buffer.slice(0));
  socket.emit('message', frame('y\n'));
  expect(socket.controls()).toEqual([{ kind: 'control', message: { type: 'ack', bytes: terminalAckEveryBytes } }]);
});

test('a flood is acknowledged only as xterm parses it once the tab holds a window unparsed, and Ctrl-C is not queued behind it', () => {
  const { socket, terminal } = setup();
  socket.emit('open');
  const chunk = new Uint8Array(terminalAckEveryBytes).fill(0x79);
  const chunks = (2 * terminalWindowBytes) / chunk.byteLength;
  for (let i = 0; i < chunks; i++) socket.emit('message', chunk.buffer.slice(0));
  terminal.type('\x03');
  expect(socket.input()).toEqual(['\x03']);
  const credited = () => socket.controls().reduce((sum, c) => sum + (c.kind === 'control' && c.message.type === 'ack' ? c.message.bytes : 0), 0);
  expect(credited()).toBe(terminalWindowBytes);
  jest.advanceTimersByTime(10);
  expect(terminal.writes).toHaveLength(1);
  terminal.parseAll();
  expect(credited()).toBe(2 * terminalWindowBytes);
});

test('session and audit control messages reach their handlers', () => {
  const { socket, events } = setup();
  socket.emit('open');
  const session: SessionInfo = {
    kind: 'ssh',
    id: 'sid-1',
    namespace: 'default',
    login: 'root',
    server_id: 'n1',
    server_hostname: 'node1',
    server_addr: '127.0.0.1:22',
    cluster_name: 'main',
    created: '2026-11-21T04:00:00Z',
    last_active: '2026-11-21T04:00:00Z',
    terminal_params: { w: 80, h: 24 },
    parties: [],
  };
  socket.emit('message', encodeControl({ type: 'session', session }));
  socket.emit('message', encodeControl({ type: 'audit', event: { code: 'T2000I', sid: 'sid-1' } }));
  expect(events).toEqual(['status:connected', 'session:sid-1', 'audit:T2000I']);
});

test('an error message is written into the terminal in red and reported', () => {
  const { socket, terminal, events } = setup();
  socket.emit('open');
  socket.emit('message', encodeControl({ type: 'error', message: 'access denied to root@node1' }));
  expect(terminal.text()).toContain('\x1b[31maccess denied to root@node1');
  expect(events).toContain('error:access denied to root@node1');
});

test('a frame that breaks the protocol is reported with the reason, not thrown', () => {
  const { socket, events } = setup();
  socket.emit('open');
  socket.emit('message', '{"type":"launch"}');
  expect(events.find((e) => e.startsWith('error:'))).toMatch(/cannot read \(invalid control message/);
});

test('close writes the remaining output, then reports the reason once', () => {
  const { socket, terminal, events } = setup();
  socket.emit('open');
  socket.emit('message', frame('logout\r\n'));
  socket.emit('message', encodeControl({ type: 'close', reason: 'shell exited', exitCode: 0 }));
  socket.emit('close');
  expect(terminal.text()).toBe('logout\r\n');
  expect(events).toEqual(['status:connected', 'status:closed', 'close:shell exited']);
});

test('a dropped connection closes the session with a reason', () => {
  const { socket, events } = setup();
  socket.emit('open');
  socket.emit('close');
  expect(events).toEqual(['status:connected', 'status:closed', 'close:The connection to the server was closed.']);
});

test('dispose tells the gateway the browser left, closes the socket and stops listening', () => {
  const { socket, terminal, engine } = setup();
  socket.emit('open');
  terminal.resize(100, 30);
  engine.dispose();
  jest.advanceTimersByTime(500);
  expect(socket.controls()).toEqual([
    { kind: 'control', message: { type: 'close', reason: 'the browser left the session' } },
  ]);
  expect(socket.closedWith).toBe(1000);
  terminal.type('ls\r');
  expect(socket.input()).toEqual([]);
});

describe('a session that needs a second factor', () => {
  const publicKey = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' };
  const challenge = encodeControl({ type: 'mfa-challenge', webauthn: { publicKey }, totp: false });
  const assertion = { id: 'cred-1', type: 'public-key', response: {} };
  /** Lets the engine's handling of the app's answer (a few promise steps, no timers) run. */
  const answered = async () => {
    for (let i = 0; i < 3; i += 1) await Promise.resolve();
  };

  test('asks the app with the gateway’s challenge and sends its answer, writing nothing meanwhile', async () => {
    const ask = jest.fn<ReturnType<AskSecondFactor>, Parameters<AskSecondFactor>>();
    let answer!: (r: { webauthn_response: typeof assertion }) => void;
    ask.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { socket, terminal } = setup(ask);
    socket.emit('open');
    socket.emit('message', challenge);
    expect(ask).toHaveBeenCalledWith({ webauthn_challenge: { publicKey }, totp_challenge: false });
    expect(socket.controls()).toEqual([]);
    answer({ webauthn_response: assertion });
    await answered();
    expect(socket.controls()).toEqual([{ kind: 'control', message: { type: 'mfa-response', webauthn_response: assertion } }]);
    expect(terminal.text()).toBe('');
  });

  test('a code answers a challenge that accepts one', async () => {
    const { socket } = setup(async (c) => (c.totp_challenge ? { totp_code: '123456' } : {}));
    socket.emit('open');
    socket.emit('message', encodeControl({ type: 'mfa-challenge', totp: true }));
    await answered();
    expect(socket.controls()).toEqual([{ kind: 'control', message: { type: 'mfa-response', totp_code: '123456' } }]);
  });

  test('when the user gives none, the session ends from this side, saying why', async () => {
    const { socket, terminal, events } = setup(() => Promise.reject(new Error('The second factor was not given.')));
    socket.emit('open');
    socket.emit('message', challenge);
    await answered();
    expect(terminal.text()).toContain('\x1b[31mThe second factor was not given.');
    expect(socket.controls()).toEqual([{ kind: 'control', message: { type: 'close', reason: 'The second factor was not given.' } }]);
    expect(socket.closedWith).toBe(1000);
    socket.emit('close');
    expect(events).toEqual([
      'status:connected',
      'error:The second factor was not given.',
      'status:closed',
      'close:The second factor was not given.',
    ]);
  });

  test('an app that cannot ask ends the session at once instead of leaving the gateway waiting', () => {
    const { socket, events } = setup();
    socket.emit('open');
    socket.emit('message', challenge);
    expect(socket.closedWith).toBe(1000);
    expect(events).toContain('close:This session needs a second factor, and this app cannot ask for one.');
  });

  test('an answer that comes after the tab was closed is not sent', async () => {
    let answer!: (r: { totp_code: string }) => void;
    const { socket, engine } = setup(() => new Promise((resolve) => (answer = resolve)));
    socket.emit('open');
    socket.emit('message', challenge);
    engine.dispose();
    answer({ totp_code: '123456' });
    await answered();
    expect(socket.controls().map((c) => c.kind === 'control' && c.message.type)).toEqual(['close']);
  });
});

describe('a moderated session', () => {
  function moderated(mode?: 'moderator') {
    const socket = new FakeSocket();
    const seen: unknown[] = [];
    const engine = new TerminalEngine({
      terminal: new FakeTerminal(),
      socket,
      ...(mode ? { mode } : {}),
      onFileTransferRequest: (r) => seen.push(r),
      onFileTransferDecision: (d) => seen.push(d),
    });
    socket.emit('open');
    return { socket, engine, seen };
  }

  test('the owner asks for a file transfer and hears the request and the decision', () => {
    const { socket, engine, seen } = moderated();
    engine.requestFileTransfer({ download: false, location: '/tmp', filename: 'a.txt' });
    expect(socket.controls()).toEqual([{ kind: 'control', message: { type: 'file-transfer-request', download: false, location: '/tmp', filename: 'a.txt' } }]);
    const request = { type: 'file-transfer-request', requestId: 'r1', requester: 'alice', download: false, location: '/tmp', filename: 'a.txt' } as const;
    socket.emit('message', encodeControl(request));
    socket.emit('message', encodeControl({ type: 'file-transfer-decision', requestId: 'r1', approved: true, moderator: 'bob' }));
    expect(seen).toEqual([request, { type: 'file-transfer-decision', requestId: 'r1', approved: true, moderator: 'bob' }]);
  });

  test('a moderator decides, ends the session on purpose, and leaving does not end it', () => {
    const { socket, engine } = moderated('moderator');
    engine.decideFileTransfer('r1', false);
    engine.endSession();
    expect(socket.controls()).toEqual([
      { kind: 'control', message: { type: 'file-transfer-decision', requestId: 'r1', approved: false } },
      { kind: 'control', message: { type: 'close', reason: 'ended from the console' } },
    ]);
    engine.dispose();
    expect(socket.controls()).toHaveLength(2);
    expect(socket.closedWith).toBe(1000);
  });
});
