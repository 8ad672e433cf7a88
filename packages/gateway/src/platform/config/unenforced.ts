import { publicUrl, type GatewayConfig } from './config';

/** A host name equal to the RP id or inside its domain: the only origins a WebAuthn key signs for under it. */
const withinRpId = (origin: string, rpId: string) => {
  const host = new URL(origin).hostname;
  return host === rpId || host.endsWith(`.${rpId}`);
};

/** Loopback only: traffic to such an address never leaves the host. */
const isLoopback = (hostname: string) => hostname === 'localhost' || /^127\./.test(hostname) || hostname === '[::1]';

/**
 * Settings that each parse but together cannot work, so the gateway would seem to offer what it cannot honour:
 * a login page leading with passkeys nobody may register, or a relying party no browser would sign for. The
 * gateway refuses to start on them and says what to change.
 */
export function unenforcedSettings(config: GatewayConfig): string[] {
  const problems: string[] = [];
  const { secondFactor, connectorName, webauthn } = config.auth;
  if (connectorName === 'passwordless' && (secondFactor === 'off' || secondFactor === 'otp')) {
    problems.push(
      `auth.connectorName: passwordless signs people in with passkeys, which auth.secondFactor: ${secondFactor} does not allow. ` +
        'Set auth.secondFactor to webauthn, on or optional, or auth.connectorName to local.',
    );
  }
  if (webauthn.rpId) {
    const origins = webauthn.origins ?? [publicUrl(config)];
    const outside = origins.filter((o) => !withinRpId(o, webauthn.rpId!));
    if (outside.length) {
      problems.push(
        `auth.webauthn.rpId: ${webauthn.rpId} does not cover ${outside.join(', ')}, so no browser would use a security key there. ` +
          'Set rpId to the host name people open (or a parent domain of it), or list the origins under auth.webauthn.origins.',
      );
    }
  }
  const peerUrl = config.peers.advertiseUrl && new URL(config.peers.advertiseUrl);
  if (peerUrl && peerUrl.protocol === 'http:' && !isLoopback(peerUrl.hostname)) {
    problems.push(
      `peers.advertiseUrl: ${config.peers.advertiseUrl} is plain http to another host, and gateways send each other joiners' session tokens and the cluster's peer secret over it. ` +
        'Serve TLS (tls.cert and tls.key) and advertise an https:// URL, or keep the gateways on one host (127.0.0.1).',
    );
  }
  return problems;
}

/** Throws before anything starts when the configuration asks for something the gateway could not honour. */
export function refuseUnenforced(config: GatewayConfig): void {
  const problems = unenforcedSettings(config);
  if (problems.length) throw new Error(`refusing to start:\n  ${problems.join('\n  ')}`);
}
