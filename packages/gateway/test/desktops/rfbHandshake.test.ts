import net from 'node:net';
import { rfbClientHandshake } from '../../src/agent/desktops/rfbHandshake';
import { vncAuthResponse } from '../../src/agent/desktops/vncAuth';

/**
 * A scripted VNC server: `script` reads what the agent sends and answers, as the server's side of the opening;
 * what the agent sent in all is kept.
 */
async function withServer(
  script: (read: (n: number) => Promise<Buffer>, write: (b: Buffer | string) => void) => Promise<void>,
  run: (port: number) => Promise<void>,
) {
  const server = net.createServer((socket) => {
    let buffered = Buffer.alloc(0);
    let wake: (() => void) | undefined;
    socket.on('data', (d: Buffer) => {
      buffered = Buffer.concat([buffered, d]);
      wake?.();
    });
    socket.on('error', () => undefined);
    const read = async (n: number) => {
      while (buffered.length < n) await new Promise<void>((resolve) => (wake = resolve));
      const out = buffered.subarray(0, n);
      buffered = buffered.subarray(n);
      return out;
    };
    void script(read, (b) => socket.write(b)).then(() => socket.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await run((server.address() as net.AddressInfo).port);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const connect = async (port: number) => {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
};

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const reason = (text: string) => Buffer.concat([u32(text.length), Buffer.from(text)]);
const challenge = Buffer.from('0123456789abcdeffedcba9876543210', 'hex');

describe("the agent's side of the RFB opening", () => {
  test('3.3: the server names VNC Authentication itself; the answer, result and ClientInit follow, and ServerInit bytes are handed back', async () => {
    const seen: Buffer[] = [];
    await withServer(
      async (read, write) => {
        write('RFB 003.003\n');
        seen.push(await read(12));
        write(Buffer.concat([u32(2), challenge]));
        seen.push(await read(16));
        write(Buffer.concat([u32(0), Buffer.from('SERVERINIT')]));
        seen.push(await read(1));
      },
      async (port) => {
        const socket = await connect(port);
        const rest = await rfbClientHandshake(socket, { password: 'pw', shared: false });
        socket.destroy();
        expect(rest.toString()).toBe('SERVERINIT');
      },
    );
    expect(seen).toEqual([Buffer.from('RFB 003.003\n'), vncAuthResponse('pw', challenge), Buffer.of(0)]);
  });

  test('3.7: None is chosen when offered, and no security result follows it', async () => {
    const seen: Buffer[] = [];
    await withServer(
      async (read, write) => {
        write('RFB 003.007\n');
        seen.push(await read(12));
        write(Buffer.of(2, 2, 1));
        seen.push(await read(1));
        seen.push(await read(1));
      },
      async (port) => {
        const socket = await connect(port);
        expect((await rfbClientHandshake(socket, { shared: true })).length).toBe(0);
        socket.destroy();
      },
    );
    expect(seen).toEqual([Buffer.from('RFB 003.007\n'), Buffer.of(1), Buffer.of(1)]);
  });

  test.each([
    [
      '3.8 refusing with no security types',
      (w: (b: Buffer | string) => void) => w(Buffer.concat([Buffer.from('RFB 003.008\n'), Buffer.of(0), reason('Too many security failures')])),
      'Too many security failures',
    ],
    [
      '3.3 refusing with security type 0',
      (w: (b: Buffer | string) => void) => w(Buffer.concat([Buffer.from('RFB 003.003\n'), u32(0), reason('go away')])),
      'go away',
    ],
  ])('%s: the refusal carries the server reason', async (_what, answer, message) => {
    await withServer(
      async (read, write) => {
        answer(write);
        await read(12);
      },
      async (port) => {
        const socket = await connect(port);
        await expect(rfbClientHandshake(socket, { shared: true })).rejects.toMatchObject({ name: 'DesktopLoginError', message });
        socket.destroy();
      },
    );
  });

  test('a server asking for a password the agent does not hold is a login error; one offering only other types is not', async () => {
    await withServer(
      async (read, write) => {
        write(Buffer.concat([Buffer.from('RFB 003.008\n'), Buffer.of(1, 2)]));
        await read(12);
      },
      async (port) => {
        const socket = await connect(port);
        await expect(rfbClientHandshake(socket, { shared: true })).rejects.toMatchObject({
          name: 'DesktopLoginError',
          message: 'the desktop asks for a VNC password, and the agent holds none for it (vnc://:PASSWORD@HOST:PORT)',
        });
        socket.destroy();
      },
    );
    await withServer(
      async (read, write) => {
        write(Buffer.concat([Buffer.from('RFB 003.008\n'), Buffer.of(2, 18, 19)]));
        await read(12);
      },
      async (port) => {
        const socket = await connect(port);
        await expect(rfbClientHandshake(socket, { shared: true })).rejects.toMatchObject({
          name: 'Error',
          message: 'the VNC server offers no security type the agent speaks (it offers 18, 19; the agent speaks None and VNC Authentication)',
        });
        socket.destroy();
      },
    );
  });

  test('something other than a VNC server is named as such', async () => {
    await withServer(
      async (_read, write) => write('SSH-2.0-OpenSSH_9.2\r\n'),
      async (port) => {
        const socket = await connect(port);
        await expect(rfbClientHandshake(socket, { shared: true })).rejects.toThrow('the server did not answer as a VNC server (no RFB version)');
        socket.destroy();
      },
    );
  });
});
