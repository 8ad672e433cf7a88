/**
 * Where the agent reaches a desktop over RFB. A vnc:// desktop is its own endpoint; an rdp:// desktop is drawn by
 * an RDP client into a VNC server of the agent's own for the session, whose endpoint this is.
 */
export interface DesktopEndpoint {
  host: string;
  port: number;
  /** The VNC password, when the server asks for one (VNC authentication). */
  password?: string;
  /** Ends what the agent started for this session (nothing for a vnc:// desktop). */
  close(): Promise<void>;
}

/** What the agent needs to draw an RDP desktop for one session. */
export interface RdpTarget {
  host: string;
  port: number;
  /** The login the session runs as, and the password the agent holds for it, if any. */
  user: string;
  password?: string;
  /** The size the browser asked for, in pixels. */
  width: number;
  height: number;
}

/** Starts an RDP client drawing `target` into a private VNC server; resolves once that server accepts connections. */
export type OpenRdp = (target: RdpTarget) => Promise<DesktopEndpoint>;

/** The RDP desktop could not be opened; the message is fit for the user (the RDP server's or the client's reason). */
export class DesktopLoginError extends Error {
  override readonly name = 'DesktopLoginError';
}
