import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { tunnelClientOptions } from '../../src/agent/tunnel/clientOptions';
import { Mux } from '../../src/agent/tunnel/mux';
import { ackBatchBytes, streamWindowBytes, type MuxStream } from '../../src/agent/tunnel/stream';
import { eventually } from './fixtures';

/** Two ends of a real websocket, each wrapped in a Mux as the gateway and the agent use them. */
async function pair(): Promise<{ gateway: Mux; agent: Mux; server: WebSocket; close: () => Promise<void> }> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  const accepted = once(server, 'connection') as Promise<[WebSocket]>;
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, tunnelClientOptions);
  const [socket] = await accepted;
  await once(client, 'open');
  return {
    server: socket,
    // Each test's teardown cuts the connection: why is the business of the tests that look.
    gateway: new Mux(socket, 'gateway', () => undefined),
    agent: new Mux(client, 'agent', () => undefined),
    close: async () => {
      client.terminate();
      await new Promise((r) => server.close(r));
    },
  };
}

/**
 * Resolves once everything the gateway end sent so far has reached the agent end: a message sent now arrives
 * after it, since one websocket keeps its frames in order.
 */
async function delivered(ends: { gateway: Mux; agent: Mux }): Promise<void> {
  const probe = once(ends.agent, 'message');
  ends.gateway.send({ type: 'probe' });
  await probe;
}

const acceptedStream = (mux: Mux) =>
  new Promise<[MuxStream, Record<string, unknown>]>((resolve) =>
    mux.once('stream', (stream, request) => {
      stream.accept();
      resolve([stream, request]);
    }),
  );

describe('tunnel multiplexing', () => {
  let ends: Awaited<ReturnType<typeof pair>>;
  beforeEach(async () => {
    ends = await pair();
  });
  afterEach(() => ends.close());

  test('a sender never gets more than the window ahead of an unacknowledging receiver', async () => {
    const incoming = acceptedStream(ends.agent);
    const out = ends.gateway.open({ kind: 'test' });
    const [inbound, request] = await incoming;
    expect(request).toEqual({ kind: 'test' });
    let received = 0;
    inbound.on('data', (chunk) => (received += chunk.length));
    const chunk = Buffer.alloc(64 * 1024, 7);
    let accepted = true;
    for (let i = 0; i < 64 && accepted; i += 1) accepted = out.write(chunk);
    expect(accepted).toBe(false); // backpressure reached the writer
    for (let i = 0; i < 64; i += 1) out.write(chunk); // ignored backpressure: must still be held back
    // Once the window and a message sent after it are in, nothing beyond the window was put on the wire.
    await eventually(async () => received >= streamWindowBytes, 'the first window');
    await delivered(ends);
    expect(received).toBe(streamWindowBytes);

    const drained = once(out, 'drain');
    inbound.ack(received);
    await eventually(async () => received >= 2 * streamWindowBytes, 'the second window');
    await delivered(ends);
    expect(received).toBe(2 * streamWindowBytes);
    inbound.ack(streamWindowBytes * 8);
    await drained;
  });

  test('small acknowledgements are gathered into few window frames, and a consuming receiver never stalls its sender', async () => {
    const incoming = acceptedStream(ends.agent);
    const out = ends.gateway.open({});
    const [inbound] = await incoming;
    const windows = jest.spyOn(ends.agent, 'sendWindow');
    const total = 3 * streamWindowBytes;
    let received = 0;
    const all = new Promise<void>((resolve) =>
      inbound.on('data', (chunk) => {
        received += chunk.length;
        inbound.ack(chunk.length);
        if (received === total) resolve();
      }),
    );
    // 1 KiB writes, as small proxied requests make: far more than the window in all, each consumed at once.
    const chunk = Buffer.alloc(1024, 1);
    const writeSome = async (n: number) => {
      for (let i = 0; i < n; i += 1) {
        if (!out.write(chunk)) await once(out, 'drain');
      }
    };
    await writeSome(total / chunk.length);
    await all;
    expect(windows.mock.calls.length).toBe(total / ackBatchBytes);
  });

  test('frames written in one turn arrive whole and in order, and the socket is uncorked after the turn', async () => {
    const incoming = acceptedStream(ends.agent);
    const out = ends.gateway.open({});
    const [inbound] = await incoming;
    const texts: string[] = [];
    const done = new Promise<void>((resolve) =>
      inbound.on('data', (d) => {
        texts.push(d.toString());
        if (texts.length === 200) resolve();
      }),
    );
    for (let i = 0; i < 200; i += 1) out.write(Buffer.from(`frame ${i}`));
    await done;
    expect(texts).toEqual(Array.from({ length: 200 }, (_, i) => `frame ${i}`));
    const raw = (ends.gateway as unknown as { socket: { _socket: { writableCorked: number } } }).socket._socket;
    expect(raw.writableCorked).toBe(0);
  });

  test('chunks written together go out as one frame, copied straight into it, and a long write in frames of at most 64 KiB', async () => {
    const incoming = acceptedStream(ends.gateway);
    const out = ends.agent.open({});
    const [inbound] = await incoming;
    const frames: Buffer[] = [];
    inbound.on('data', (d) => frames.push(d));
    out.writev([Buffer.from('one '), Buffer.from('two '), Buffer.from('three')]);
    await eventually(async () => frames.length === 1, 'the joined frame');
    expect(frames[0]!.toString()).toBe('one two three');

    frames.length = 0;
    // 100 KiB in 4 KiB chunks, as a PTY hands them over: two frames, the first 64 KiB, the bytes in order.
    const chunks = Array.from({ length: 25 }, (_, i) => Buffer.alloc(4096, i));
    out.writev(chunks);
    await eventually(async () => frames.reduce((n, f) => n + f.length, 0) === 25 * 4096, 'the long write');
    expect(frames.map((f) => f.length)).toEqual([64 * 1024, 25 * 4096 - 64 * 1024]);
    expect(Buffer.concat(frames).equals(Buffer.concat(chunks))).toBe(true);
  });

  test("the dialling end's frames are not masked, so neither end makes a pass over every byte for it", async () => {
    const incoming = acceptedStream(ends.gateway);
    const out = ends.agent.open({});
    const [inbound] = await incoming;
    const raw: Buffer[] = [];
    // Ahead of ws's own listener, which unmasks what it receives in place.
    (ends.server as unknown as { _socket: NodeJS.EventEmitter })._socket.prependListener('data', (d: Buffer) => raw.push(Buffer.from(d)));
    const payload = Buffer.from('a payload that a random mask would scramble on the wire');
    const arrived = once(inbound, 'data');
    out.write(payload);
    expect((await arrived)[0]).toEqual(payload);
    expect(Buffer.concat(raw).includes(payload)).toBe(true);
  });

  test('many streams share one connection and a stalled one does not block the others', async () => {
    const streams: MuxStream[] = [];
    ends.agent.on('stream', (s) => {
      s.accept();
      streams.push(s);
    });
    const stalled = ends.gateway.open({ n: 1 });
    const live = ends.gateway.open({ n: 2 });
    await eventually(async () => streams.length === 2, 'both streams');
    const [stalledIn, liveIn] = streams;
    stalledIn!.on('data', () => undefined); // never acknowledged
    stalled.write(Buffer.alloc(streamWindowBytes * 2));
    const got = new Promise<string>((resolve) => liveIn!.on('data', (d) => resolve(d.toString())));
    live.write(Buffer.from('still moving'));
    expect(await got).toBe('still moving');
  });

  test('many busy streams keep little queued on the socket, so a message sent after them is not held up behind them all', async () => {
    const streams = 40;
    const inbound: MuxStream[] = [];
    ends.agent.on('stream', (s) => {
      s.accept();
      inbound.push(s);
    });
    const outs = Array.from({ length: streams }, (_, n) => ends.gateway.open({ n }));
    await eventually(async () => inbound.length === streams, 'every stream');
    let received = 0;
    let receivedBeforeProbe = -1;
    for (const s of inbound) s.on('data', (d) => (received += d.length));
    ends.agent.once('message', () => (receivedBeforeProbe = received));
    // Each stream sends its whole window at once, as a shell does when it prints a large file.
    for (const out of outs) out.write(Buffer.alloc(streamWindowBytes, 1));
    const socket = (ends.gateway as unknown as { socket: WebSocket }).socket;
    expect(socket.bufferedAmount).toBeLessThanOrEqual(4 * 1024 * 1024 + 64 * 1024);
    ends.gateway.send({ type: 'probe' });
    await eventually(async () => received === streams * streamWindowBytes, 'every stream’s data');
    // Without the bound the probe came after all 40 MiB; now after at most the 4 MiB the peer had not yet read.
    expect(receivedBeforeProbe).toBeGreaterThanOrEqual(0);
    expect(receivedBeforeProbe).toBeLessThanOrEqual(4 * 1024 * 1024 + 64 * 1024);
  });

  test('frames sent before the acceptor is ready are held, not lost', async () => {
    const pending = new Promise<MuxStream>((resolve) => ends.agent.once('stream', resolve));
    const out = ends.gateway.open({});
    out.write(Buffer.from('early'));
    out.control({ type: 'resize', w: 10, h: 5 });
    const inbound = await pending;
    await delivered(ends);
    const seen: unknown[] = [];
    inbound.on('data', (d) => seen.push(d.toString()));
    inbound.on('control', (c) => seen.push(c));
    inbound.accept();
    expect(seen).toEqual(['early', { type: 'resize', w: 10, h: 5 }]);
  });

  test('end from both sides closes the stream; reset closes it at once with the reason', async () => {
    const incoming = acceptedStream(ends.agent);
    const out = ends.gateway.open({});
    const [inbound] = await incoming;
    const closed = once(inbound, 'close');
    inbound.on('end', () => inbound.end());
    out.end();
    expect(await closed).toEqual([undefined]);

    const next = acceptedStream(ends.agent);
    const second = ends.gateway.open({});
    const [secondIn] = await next;
    const reset = once(secondIn, 'close');
    second.reset('user left');
    expect(await reset).toEqual(['user left']);
    expect(ends.gateway.openStreams).toBe(0);
  });

  test('closing the connection closes every stream with it', async () => {
    const incoming = acceptedStream(ends.agent);
    const out = ends.gateway.open({});
    await incoming;
    const closed = once(out, 'close');
    ends.agent.close(1000, 'agent stopping');
    const [reason] = (await closed) as [string];
    expect(reason).toBe('tunnel closed: closed by the peer (1000: agent stopping)');
  });

  test('a tunnel that drops is logged once on each end with why, one closed normally is not', async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await once(server, 'listening');
    const connect = async () => {
      const accepted = once(server, 'connection') as Promise<[WebSocket]>;
      const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const [socket] = await accepted;
      await once(client, 'open');
      const logged: string[] = [];
      return { logged, gateway: new Mux(socket, 'gateway', (line) => logged.push(`gateway: ${line}`)), agent: new Mux(client, 'agent', (line) => logged.push(`agent: ${line}`)), client };
    };
    try {
      const dropped = await connect();
      const incoming = acceptedStream(dropped.agent);
      dropped.gateway.open({});
      await incoming;
      dropped.agent.close(1002, 'protocol error: tunnel frame too short (2 bytes)');
      await eventually(async () => dropped.gateway.isClosed, 'the gateway end to close');
      expect(dropped.logged.sort()).toEqual([
        'agent: tunnel closed (agent end, 1 open streams ended with it): closed by this side (1002: protocol error: tunnel frame too short (2 bytes))',
        'gateway: tunnel closed (gateway end, 1 open streams ended with it): closed by the peer (1002: protocol error: tunnel frame too short (2 bytes))',
      ]);

      const stopped = await connect();
      stopped.agent.close(1000, 'agent stopping');
      await eventually(async () => stopped.gateway.isClosed, 'the gateway end to close');
      expect(stopped.logged).toEqual([]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  test('keep-alive cuts a silent peer, but not one whose pongs are held up behind the data it is sending', async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await once(server, 'listening');
    const accepted = once(server, 'connection') as Promise<[WebSocket]>;
    // This peer never answers pings, as when its pong queues behind megabytes of stream data.
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, { autoPong: false });
    const [socket] = await accepted;
    await once(client, 'open');
    const logged: string[] = [];
    const gateway = new Mux(socket, 'gateway', (line) => logged.push(line));
    const agent = new Mux(client, 'agent', () => undefined);
    try {
      gateway.keepAlive(100);
      const sending = setInterval(() => agent.send({ type: 'busy' }), 20);
      let heard = 0;
      gateway.on('message', () => (heard += 1));
      await eventually(async () => heard >= 30, 'a few keep-alive intervals of messages');
      expect(gateway.isClosed).toBe(false);
      clearInterval(sending);
      await eventually(async () => gateway.isClosed, 'the silent peer to be cut');
      expect(logged).toEqual(['tunnel closed (gateway end, 0 open streams ended with it): keep-alive timeout: nothing from the peer for 3 intervals of 100 ms, pinged each time']);
    } finally {
      client.terminate();
      await new Promise((r) => server.close(r));
    }
  });

  test('keep-alive does not cut a live peer because its own event loop was held up past an interval', async () => {
    let ticks = 0;
    ends.gateway.keepAlive(100, () => {
      ticks += 1;
      // Held up right after a ping, before its pong can be read: as a busy gateway's loop sometimes is.
      if (ticks === 2) for (const until = performance.now() + 350; performance.now() < until; );
    });
    await eventually(async () => ticks >= 6, 'keep-alive ticks after the hold-up');
    expect(ends.gateway.isClosed).toBe(false);
  });
});

