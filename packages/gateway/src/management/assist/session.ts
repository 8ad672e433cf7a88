import { randomUUID } from 'node:crypto';
import type { AssistServerMessage } from '@portcullis/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { authorize } from '../../platform/access/authorize';
import { badRequest, forbidden, HttpError } from '../../platform/access/errors';
import type { Identity } from '../../platform/access/identity';
import { describeIssues } from '../../platform/access/issues';
import type { LockChecks } from '../locks/lock';
import { markLocked } from '../locks/subject';
import type { NodeRepo } from '../../resources/nodes/repo';
import { presentMessage } from './presenter';
import { acceptResults } from './results';
import { clientMessage } from './schemas';
import { runTurn, type AssistDeps } from './turn';

/** How much of a conversation the console is sent when it connects. */
const replayedHistory = 1000;
/** The largest message the console may send (fifty nodes' results, 16 KiB of output each, with room for escaping). */
const maxFrameBytes = 4 * 1024 * 1024;

export interface SessionContext {
  identity: Identity;
  conversationId: string;
  siteId: string;
  nodes: NodeRepo;
  locks: LockChecks;
  log: FastifyBaseLogger;
}

/** A message from the console, checked; a 400 names what is wrong with it. */
function receive(data: Buffer, isBinary: boolean) {
  if (isBinary || data.length > maxFrameBytes) throw badRequest('the assistant takes JSON text messages of at most 4 MiB');
  let raw: unknown;
  try {
    raw = JSON.parse(data.toString());
  } catch {
    throw badRequest('the message is not valid JSON');
  }
  const parsed = clientMessage.safeParse(raw);
  if (!parsed.success) throw badRequest(describeIssues('message', parsed.error));
  return parsed.data;
}

/**
 * One person's assistant websocket on one of their conversations: the history first, then what the console sends,
 * one message at a time in the order sent (one arriving while the assistant answers waits for it). Each is
 * followed by `idle`. What the console gets wrong is answered with an error message, not stored.
 */
export function assistSession(socket: WebSocket, deps: AssistDeps, ctx: SessionContext): void {
  const { identity, conversationId } = ctx;
  const user = identity.user.name;
  const closed = new AbortController();
  socket.once('close', () => closed.abort());
  const send = (message: AssistServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const refuse = (text: string) => send({ type: 'message', message: { id: randomUUID(), kind: 'error', text, createdAt: new Date(deps.now()).toISOString() } });

  let open = false;
  const start = async () => {
    try {
      await deps.conversations.get(user, conversationId);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      refuse(err.message);
      return socket.close(1000, 'no such conversation');
    }
    open = true;
    send({ type: 'history', messages: (await deps.conversations.messages(conversationId, replayedHistory)).map(presentMessage) });
  };

  const handle = async (data: Buffer, isBinary: boolean) => {
    if (!open || closed.signal.aborted) return;
    try {
      const message = receive(data, isBinary);
      if (deps.now() > identity.session.expiresAt) throw forbidden('your web session expired: sign in again');
      // Locks placed since the socket opened apply to what it sends next.
      authorize(markLocked(identity, ctx.locks), { resource: 'assistant', verb: 'create' });
      const stored =
        message.type === 'user_message'
          ? await deps.conversations.append(conversationId, { kind: 'user', text: message.text })
          : await acceptResults(deps, { user, conversationId }, message.proposalId, message.results);
      send({ type: 'message', message: presentMessage(stored) });
      const tools = { identity, nodes: ctx.nodes, siteId: ctx.siteId, now: deps.now() };
      await runTurn(deps, { conversationId, tools, send, signal: closed.signal });
    } catch (err) {
      if (err instanceof HttpError) return refuse(err.message);
      ctx.log.error({ err }, 'assistant message failed');
      refuse('the assistant failed on this message; try again');
    } finally {
      send({ type: 'idle' });
    }
  };

  let queue = start().catch((err: unknown) => {
    ctx.log.error({ err }, 'opening the assistant conversation failed');
    socket.close(1011, 'internal error');
  });
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    queue = queue.then(() => handle(data, isBinary));
  });
}
