import net from 'node:net';
import type { Login } from '../../src/agent/databases/login';
import type { GatewayProtocol, InspectedMessage, Opening } from '../../src/resources/databases/protocols/protocol';
import { AnswerOrder } from '../../src/resources/databases/session/answerOrder';

export interface HarnessOptions {
  protocol: GatewayProtocol;
  login: Login;
  /** Where the real database listens. */
  upstream: { host: string; port: number };
  /** The password the agent would hold for this database, if any. */
  password?: string;
  /** Why the roles would refuse this user and database, or undefined (the gateway's check, made here by the test). */
  refusal?(user: string, database: string): string | undefined;
  defaults?: { user?: string; database?: string };
}

export interface Harness {
  port: number;
  /** Every opening the harness read, in order. */
  openings: Opening[];
  /** Every client message inspected, in order (statements, refusals, goodbyes). */
  messages: InspectedMessage[];
  /** Errors a connection ended with (ProtocolError, LoginError), as messages. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * The gateway's side and the agent's side of a database connection joined in one process, without a tunnel
 * between them: enough to prove a protocol's opening, login and inspection against the real database and its
 * real command-line client. The gateway's own pipeline adds roles, audit and the tunnel around the same parts.
 */
export async function startHarness(o: HarnessOptions): Promise<Harness> {
  const h: Omit<Harness, 'port' | 'close'> = { openings: [], messages: [], errors: [] };
  const server = net.createServer(async (client) => {
    client.on('error', () => undefined);
    try {
      const opening = await o.protocol.open(client, o.defaults ?? {});
      h.openings.push(opening);
      if (opening.kind === 'closed') return void client.end();
      const refused = o.refusal?.(opening.user, opening.database);
      if (refused) return void client.end(o.protocol.refusal(refused, opening));
      const upstream = net.connect(o.upstream);
      upstream.on('error', () => client.destroy());
      await new Promise<void>((resolve, reject) => upstream.once('connect', resolve).once('error', reject));
      let first: Buffer;
      try {
        first = await o.login(upstream, { user: opening.user, database: opening.database, upstream: opening.upstream, ...(o.password !== undefined && { password: o.password }) });
      } catch (err) {
        h.errors.push((err as Error).message);
        upstream.destroy();
        return void client.end(o.protocol.refusal((err as Error).message, opening));
      }
      o.protocol.accepted(client, opening);
      if (first.length) client.write(first);
      const inspector = o.protocol.inspector(opening, { databaseRefusal: (database) => o.refusal?.(opening.user, database) });
      const order = new AnswerOrder(inspector.replies);
      const relay = (chunk: Buffer) => {
        try {
          for (const message of inspector.push(chunk)) {
            h.messages.push(message);
            if (message.refused) {
              const answer = order.refused(message.refused);
              if (!answer) throw new Error(message.refused.reason);
              for (const piece of answer) client.write(piece);
              if (message.refused.instead) upstream.write(message.refused.instead.bytes);
            } else {
              order.passed(message);
              upstream.write(message.bytes);
            }
          }
        } catch (err) {
          h.errors.push((err as Error).message);
          client.destroy();
          upstream.destroy();
        }
      };
      relay(opening.rest);
      client.on('data', relay);
      upstream.on('data', (chunk: Buffer) => {
        for (const piece of order.fromServer(chunk)) client.write(piece);
      });
      // Logging in paused it, and a listener added to a paused stream does not start it.
      upstream.resume();
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.end());
    } catch (err) {
      h.errors.push((err as Error).message);
      client.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    ...h,
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
