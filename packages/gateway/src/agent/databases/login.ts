import type { Socket } from 'node:net';

/** What the gateway asks the agent to log in as, once it has checked the user's roles allow it. */
export interface LoginRequest {
  user: string;
  database: string;
  /** The password the agent holds for this database and user, if any (from the --db URI). */
  password?: string;
  /** The protocol's own extras the gateway read from the client's opening (see Opening.upstream). */
  upstream: Record<string, unknown>;
  /**
   * Set when the URI asks for TLS and the protocol starts it inside its login (MySQL's SSLRequest, after the
   * server's greeting): turns the connection into TLS, the server's certificate checked, and answers the socket
   * the login goes on over.
   */
  startTls?: (plain: Socket) => Promise<Socket>;
}

/**
 * Logs in to the database over `socket` (already connected) as the request says, answering whatever
 * authentication the server asks for that this protocol's login supports. Resolves with any bytes read past the
 * login that belong to the client (PostgreSQL's ParameterStatus, BackendKeyData and ReadyForQuery, which the
 * gateway relays to the client after its own AuthenticationOk). Rejects with LoginError, whose message is the
 * server's reason, fit for the user (it names no host).
 */
export type Login = (socket: Socket, request: LoginRequest) => Promise<Buffer>;

export class LoginError extends Error {
  override readonly name = 'LoginError';
}
