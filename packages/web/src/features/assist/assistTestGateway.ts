import {
  apiPaths,
  encodeControl,
  type AssistClientMessage,
  type AssistConversationJson,
  type AssistMessageJson,
  type AssistProposalJson,
  type AssistServerMessage,
} from '@portcullis/shared';
import { http, HttpResponse } from 'msw';
import { FakeSocket } from '../../testing/fakeSocket';
import { server } from '../../testing/server';
import type { AssistSockets, CommandParams } from './assistSockets';

const createdAt = '2026-01-01T00:00:00Z';
let lastId = 0;
const nextId = () => `m-${(lastId += 1)}`;

export const conversation = (id: string, title: string): AssistConversationJson => ({ id, title, createdAt });

export const said = (kind: 'user' | 'assistant' | 'error', text: string): AssistMessageJson => ({
  id: nextId(),
  kind,
  text,
  createdAt,
});

/** A proposal of `uptime` as root on web-1 and web-2, unless told otherwise. */
export const proposal = (fields: Partial<AssistProposalJson> = {}): AssistProposalJson => ({
  id: 'p-1',
  command: 'uptime',
  login: 'root',
  nodes: [
    { id: 'node-1', hostname: 'web-1' },
    { id: 'node-2', hostname: 'web-2' },
  ],
  refused: [],
  ...fields,
});

export const proposed = (p: AssistProposalJson): AssistMessageJson => ({
  id: nextId(),
  kind: 'proposal',
  proposal: p,
  createdAt,
});

/** The gateway's side of the sockets the page opens, in the order it opened them. */
export class FakeAssistSockets implements AssistSockets {
  readonly assistants: { clusterId: string; conversationId: string; socket: FakeSocket }[] = [];
  readonly commands: { clusterId: string; params: CommandParams; socket: FakeSocket }[] = [];
  assistant = (clusterId: string, conversationId: string) => {
    const socket = new FakeSocket();
    this.assistants.push({ clusterId, conversationId, socket });
    return socket;
  };
  command = (clusterId: string, params: CommandParams) => {
    const socket = new FakeSocket();
    this.commands.push({ clusterId, params, socket });
    return socket;
  };
  /** The assistant socket opened last. */
  get current() {
    const last = this.assistants.at(-1);
    if (!last) throw new Error('no assistant socket was opened');
    return last.socket;
  }
}

/** The assistant's websocket accepts the connection and sends the history. */
export function connect(socket: FakeSocket, history: AssistMessageJson[] = []) {
  socket.emit('open');
  gatewaySends(socket, { type: 'history', messages: history });
}

export const gatewaySends = (socket: FakeSocket, message: AssistServerMessage) =>
  socket.emit('message', JSON.stringify(message));

export const sentBy = (socket: FakeSocket) =>
  socket.sent.map((f) => JSON.parse(f as string) as AssistClientMessage);

/** A node's command socket: `output` as terminal data, then the exit code, then the close. */
export function nodeRuns(socket: FakeSocket, output: string, exitCode?: number) {
  socket.emit('open');
  socket.emit('message', new TextEncoder().encode(output));
  if (exitCode !== undefined) nodeExits(socket, exitCode);
}

export function nodeExits(socket: FakeSocket, exitCode: number) {
  socket.emit('message', encodeControl({ type: 'close', reason: 'exited', exitCode }));
  socket.emit('close');
}

/** The gateway's conversation routes over an in-memory list, recording titles asked for and set. */
export function conversationsGateway(
  initial: AssistConversationJson[],
  summary = 'Disk usage on web servers',
) {
  const state = { conversations: [...initial], summarised: [] as string[], deleted: [] as string[] };
  server.use(
    http.get(apiPaths.assistConversations, () => HttpResponse.json({ conversations: state.conversations })),
    http.post(apiPaths.assistConversations, () => {
      const created = conversation(`c-${state.conversations.length + 1}`, 'New conversation');
      state.conversations.unshift(created);
      return HttpResponse.json(created);
    }),
    http.put(apiPaths.assistConversationTitle, async ({ params, request }) => {
      const { title } = (await request.json()) as { title: string };
      const found = state.conversations.find((c) => c.id === params.conversationId)!;
      found.title = title;
      return HttpResponse.json(found);
    }),
    http.delete(apiPaths.assistConversation, ({ params }) => {
      state.deleted.push(params.conversationId as string);
      state.conversations = state.conversations.filter((c) => c.id !== params.conversationId);
      return HttpResponse.json({ message: 'ok' });
    }),
    http.post(apiPaths.assistTitleSummary, async ({ request }) => {
      state.summarised.push(((await request.json()) as { message: string }).message);
      return HttpResponse.json({ title: summary });
    }),
  );
  return state;
}
