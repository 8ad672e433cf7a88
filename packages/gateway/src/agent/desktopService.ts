import net from 'node:net';
import type { AgentDesktop } from './desktops';
import { DesktopLoginError, type DesktopEndpoint, type OpenRdp } from './desktops/endpoint';
import { rfbClientHandshake } from './desktops/rfbHandshake';
import { desktopTarget } from './desktops/target';
import { refuseBadRequest } from './refuseBadRequest';
import { pipeSocket } from './socketPipe';
import { desktopRequest, type DesktopRequest } from './tunnel/requests';
import type { MuxStream } from './tunnel/stream';

/** How long reaching the desktop and its RFB opening may take before the dial is reported as failed. */
const dialTimeoutMs = 10_000;

/**
 * Serves a desktop stream: reaches the desktop's RFB endpoint (a vnc:// desktop's own server; for an rdp://
 * desktop, the VNC server `openRdp` starts for the session), does the client's side of the RFB opening with the
 * password the agent holds, then pipes the rest (ServerInit on) both ways: the gateway has already done the
 * opening with the browser. A refusal by the desktop (a wrong password) is sent as `refused` with its reason,
 * which the user reads; a failure to connect is an `error`, which names the host and goes to the gateway's log.
 */
export function serveDesktop(stream: MuxStream, raw: unknown, desktop: AgentDesktop | undefined, openRdp: OpenRdp | undefined): void {
  const parsed = desktopRequest.safeParse(raw);
  if (!parsed.success) return refuseBadRequest(stream, parsed.error.issues[0]?.message ?? 'unknown');
  if (!desktop) return refuseBadRequest(stream, 'this agent serves no such desktop');
  void open(stream, parsed.data, desktop, openRdp);
}

async function open(stream: MuxStream, request: DesktopRequest, desktop: AgentDesktop, openRdp: OpenRdp | undefined): Promise<void> {
  const refused = (message: string) => {
    stream.control({ type: 'refused', message });
    stream.reset('login failed');
  };
  let endpoint: DesktopEndpoint;
  try {
    endpoint = await endpointOf(desktop, request, openRdp);
  } catch (err) {
    if (err instanceof DesktopLoginError) return refused(err.message);
    stream.control({ type: 'error', message: `cannot open desktop ${desktop.name}: ${(err as Error).message}` });
    return stream.reset('dial failed');
  }
  const where = `${endpoint.host}:${endpoint.port}`;
  const socket = net.connect({ host: endpoint.host, port: endpoint.port });
  // What the endpoint started for the session (an RDP client and its VNC server) ends with the connection.
  socket.once('close', () => void endpoint.close().catch(() => undefined));
  socket.setTimeout(dialTimeoutMs, () => socket.destroy(new Error(`the VNC opening with ${where} timed out after ${dialTimeoutMs / 1000} s`)));
  // Until the pipe takes over, the stream going away (the browser left during the opening) drops the connection.
  let piping = false;
  stream.once('close', () => {
    if (!piping) socket.destroy();
  });
  const failed = new Promise<never>((_resolve, reject) => socket.once('error', reject));
  failed.catch(() => undefined);
  let rest: Buffer;
  try {
    await Promise.race([new Promise((resolve) => socket.once('connect', resolve)), failed]);
    socket.setNoDelay(true);
    rest = await Promise.race([
      rfbClientHandshake(socket, { ...(endpoint.password !== undefined && { password: endpoint.password }), shared: request.shared }),
      failed,
    ]);
  } catch (err) {
    socket.destroy();
    if (stream.isClosed) return;
    if (err instanceof DesktopLoginError) return refused(`desktop ${desktop.name} refused the login: ${err.message}`);
    stream.control({ type: 'error', message: `cannot open the VNC session on ${where}: ${(err as Error).message}` });
    return stream.reset('dial failed');
  }
  if (stream.isClosed) return void socket.destroy();
  socket.setTimeout(0);
  socket.removeAllListeners('error');
  stream.control({ type: 'dialed' });
  stream.accept();
  if (rest.length) stream.write(rest);
  piping = true;
  pipeSocket(stream, socket, where, 'desktop connection failed');
}

/** Where the session's RFB is served: a VNC desktop itself, or the VNC server an RDP client draws into for this session. */
async function endpointOf(desktop: AgentDesktop, request: DesktopRequest, openRdp: OpenRdp | undefined): Promise<DesktopEndpoint> {
  const target = desktopTarget(desktop.uri);
  if (target.scheme === 'vnc')
    return { host: target.host, port: target.port, ...(target.password !== undefined && { password: target.password }), close: async () => undefined };
  if (!openRdp)
    throw new DesktopLoginError(`desktop ${desktop.name} is an RDP desktop, and its agent cannot open RDP sessions: it was started without an RDP client`);
  // The held password is for the user the URI names; any other login goes to the RDP server without one.
  const password = target.user === request.login ? target.password : undefined;
  return openRdp({
    host: target.host,
    port: target.port,
    user: request.login,
    ...(password !== undefined && { password }),
    width: request.width,
    height: request.height,
  });
}
