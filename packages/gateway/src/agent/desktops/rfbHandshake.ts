import type { Socket } from 'node:net';
import { PacketReader } from '../../resources/databases/protocols/packetReader';
import { DesktopLoginError } from './endpoint';
import { vncAuthResponse } from './vncAuth';

const securityNone = 1;
const securityVncAuth = 2;

/**
 * The client's side of an RFB opening (RFC 6143 §7.1 and §7.3.1): the protocol version (3.8, or the 3.7 or 3.3
 * a server offers), a security type (None, or VNC Authentication with `password`), the security result and
 * ClientInit. Resolves with the bytes read past the opening (the start of ServerInit), which belong to the
 * session. A refusal by the server (a wrong password, too many attempts) rejects with DesktopLoginError carrying
 * the server's reason; anything else is a protocol failure.
 */
export async function rfbClientHandshake(socket: Socket, opts: { password?: string; shared: boolean }): Promise<Buffer> {
  const reader = new PacketReader(socket);
  const take = async (n: number) => {
    const bytes = await reader.take(n);
    if (!bytes) throw new Error('the VNC server closed the connection during the opening');
    return bytes;
  };
  const reason = async () => (await take((await take(4)).readUInt32BE(0))).toString('utf8');

  const version = /^RFB (\d{3})\.(\d{3})\n$/.exec((await take(12)).toString('latin1'));
  if (!version) throw new Error('the server did not answer as a VNC server (no RFB version)');
  const minor = Number(version[1]) > 3 ? 8 : Math.min(Number(version[2]), 8);
  const chosen = minor >= 8 ? 8 : minor === 7 ? 7 : 3;
  socket.write(`RFB 003.00${chosen}\n`);

  let type: number;
  if (chosen === 3) {
    // 3.3: the server decides the security type on its own.
    type = (await take(4)).readUInt32BE(0);
    if (type === 0) throw new DesktopLoginError(await reason());
  } else {
    const count = (await take(1))[0]!;
    if (count === 0) throw new DesktopLoginError(await reason());
    const offered = [...(await take(count))];
    type = offered.includes(securityNone) ? securityNone : offered.includes(securityVncAuth) ? securityVncAuth : 0;
    if (!type)
      throw new Error(
        `the VNC server offers no security type the agent speaks (it offers ${offered.join(', ')}; the agent speaks None and VNC Authentication)`,
      );
    socket.write(Buffer.of(type));
  }
  if (type === securityVncAuth) {
    if (opts.password === undefined)
      throw new DesktopLoginError('the desktop asks for a VNC password, and the agent holds none for it (vnc://:PASSWORD@HOST:PORT)');
    socket.write(vncAuthResponse(opts.password, await take(16)));
  } else if (type !== securityNone) {
    throw new Error(`the VNC server chose security type ${type}, which the agent does not speak`);
  }
  // 3.8 always sends a result; 3.3 and 3.7 only after authentication.
  if (chosen === 8 || type === securityVncAuth) {
    const result = (await take(4)).readUInt32BE(0);
    if (result !== 0) throw new DesktopLoginError(chosen === 8 ? await reason() : 'the VNC server refused the password');
  }
  socket.write(Buffer.of(opts.shared ? 1 : 0));
  return reader.release();
}
