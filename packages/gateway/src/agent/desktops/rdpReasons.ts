import { connect } from 'node:net';
import type { RdpTarget } from './endpoint';
import { desktopAddr } from './target';

/** What FreeRDP's log says (its ERRCONNECT_ and ERRINFO_ codes), in words a person can act on. */
const known: [RegExp, (t: RdpTarget) => string][] = [
  [
    /REMOTE HOST IDENTIFICATION HAS CHANGED|(host key|Certificate) for .* has changed/i,
    (t) =>
      `the RDP server ${desktopAddr(t)} shows another TLS certificate than the one the agent trusted on its first connection (a new certificate, or someone in between); if the server's certificate was replaced, remove its entry from the agent's FreeRDP certificate store`,
  ],
  [
    /ERRCONNECT_(LOGON_FAILURE|WRONG_PASSWORD|AUTHENTICATION_FAILED)|STATUS_LOGON_FAILURE/,
    (t) => `the RDP server refused the login "${t.user}" or its password`,
  ],
  [/ERRCONNECT_ACCOUNT_LOCKED_OUT/, (t) => `the account "${t.user}" is locked out on the RDP server`],
  [/ERRCONNECT_ACCOUNT_DISABLED/, (t) => `the account "${t.user}" is disabled on the RDP server`],
  [/ERRCONNECT_ACCOUNT_EXPIRED/, (t) => `the account "${t.user}" has expired on the RDP server`],
  [
    /ERRCONNECT_PASSWORD_(EXPIRED|CERTAINLY_EXPIRED|MUST_CHANGE)/,
    (t) =>
      `the password of "${t.user}" has expired or must be changed on the RDP server before it can log on`,
  ],
  [
    /ERRCONNECT_(ACCOUNT_RESTRICTION|INVALID_LOGON_HOURS|INVALID_WORKSTATION)/,
    (t) => `the RDP server does not let "${t.user}" log on at this time or from the agent's machine`,
  ],
  [/ERRCONNECT_DNS_NAME_NOT_FOUND/, (t) => `the agent cannot resolve the RDP server's name "${t.host}"`],
  // xrdp (with require_credentials) logs the session off when PAM refuses the login; Windows refuses it earlier, in NLA.
  [
    /ERRINFO_LOGOFF_BY_USER/,
    (t) =>
      `the RDP server ended the session while logging on; xrdp does this when it refuses the login "${t.user}" or its password`,
  ],
  [
    /ERRCONNECT_(SECURITY_NEGO_CONNECT_FAILED|TLS_CONNECT_FAILED)/,
    (t) =>
      `the agent and the RDP server ${desktopAddr(t)} could not agree on a security protocol (TLS or NLA) or complete its handshake`,
  ],
];

const transportFailure = /ERRCONNECT_(CONNECT_TRANSPORT_FAILED|CONNECT_FAILED|CONNECT_CANCELLED)/;

/** Why xfreerdp failed, from its output (the last lines win over earlier ones only through the order above). */
export async function freerdpFailureReason(
  output: string,
  target: RdpTarget,
  exitCode: number | null,
): Promise<string> {
  for (const [pattern, reason] of known) if (pattern.test(output)) return reason(target);
  // FreeRDP reports a refused or unreachable server as a broken pipe; one TCP connection tells which it was.
  if (transportFailure.test(output))
    return (
      (await unreachable(target)) ??
      `the RDP server ${desktopAddr(target)} closed the connection during the opening`
    );
  const info = /ERRINFO_\w+ \(0x[0-9A-F]+\):\s*(.+)/i.exec(output);
  if (info) return `the RDP server ended the connection: ${info[1]!.trim()}`;
  const errors = [...output.matchAll(/\[ERROR\]\[[^\]]+\] - (.+)/g)].map((m) => m[1]!.trim());
  const last = errors.filter((e) => !/^\d+: |Caught signal/.test(e)).pop();
  return last
    ? `the RDP client failed: ${last}`
    : `the RDP client (xfreerdp) exited with code ${exitCode ?? 'none'} before the desktop appeared`;
}

/** Why a TCP connection to the server fails (refused, unreachable, timed out), or undefined when it opens. */
function unreachable(target: RdpTarget): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host: target.host, port: target.port, timeout: 5000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(`the agent could not reach the RDP server ${desktopAddr(target)}: no answer within 5 s`);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => {
      const why =
        err.code === 'ECONNREFUSED'
          ? 'connection refused (nothing listens on that port)'
          : err.code === 'EHOSTUNREACH'
            ? 'host unreachable'
            : err.message;
      resolve(`the agent could not reach the RDP server ${desktopAddr(target)}: ${why}`);
    });
  });
}
