import { assistantSocketUrl, commandExecuteSocketUrl, decodeFrame, type AssistClientMessage, type AssistMessageJson, type AssistNodeResultJson, type AssistProposalJson, type AssistServerMessage } from '@portcullis/shared';
import WebSocket from 'ws';
import type { Client, TestGateway } from '../harness';
import { eventually } from '../servers/fixtures';

/** The assistant websocket as the console uses it: every message the gateway sent, and one turn at a time. */
export class AssistSocket {
  readonly received: AssistServerMessage[] = [];
  readonly closed: Promise<void>;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => this.received.push(JSON.parse(data.toString()) as AssistServerMessage));
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  static async open(gw: TestGateway, client: Client, conversationId: string): Promise<AssistSocket> {
    const socket = new WebSocket(assistantSocketUrl(gw.url, { clusterId: 'localhost', accessToken: client.session!.token, conversationId }), { headers: { cookie: client.cookieHeader() } });
    const opened = new AssistSocket(socket);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return opened;
  }

  /** The history the gateway sends first. */
  async history(): Promise<AssistMessageJson[]> {
    const first = await eventually(async () => this.received[0], 'the history');
    if (first.type !== 'history') throw new Error(`the first message is not the history: ${JSON.stringify(first)}`);
    return first.messages;
  }

  /** Sends one message and returns what the gateway sent until its next `idle` (the idle left out). */
  async turn(message: AssistClientMessage): Promise<AssistServerMessage[]> {
    const from = this.received.length;
    this.socket.send(JSON.stringify(message));
    const end = await eventually(async () => {
      const i = this.received.findIndex((m, index) => index >= from && m.type === 'idle');
      return i >= 0 ? i + 1 : undefined;
    }, `the assistant to go idle after ${message.type}`);
    return this.received.slice(from, end - 1);
  }

  close(): void {
    this.socket.close();
  }
}

/** The stored messages among what a turn sent. */
export const messagesOf = (sent: AssistServerMessage[]) => sent.flatMap((m) => (m.type === 'message' ? [m.message] : []));

/** The proposal a turn ended with. */
export function proposalOf(sent: AssistServerMessage[]): AssistProposalJson {
  const found = messagesOf(sent).find((m) => m.kind === 'proposal');
  if (!found || found.kind !== 'proposal') throw new Error(`no proposal among ${JSON.stringify(sent)}`);
  return found.proposal;
}

/** Runs a confirmed proposal as the console does: on each node through the command websocket, under the person's own session. */
export async function runProposal(gw: TestGateway, client: Client, proposal: AssistProposalJson): Promise<AssistNodeResultJson[]> {
  return Promise.all(
    proposal.nodes.map(async (node) => {
      const url = commandExecuteSocketUrl(gw.url, { clusterId: 'localhost', accessToken: client.session!.token, params: { command: proposal.command, login: proposal.login, server_id: node.id } });
      const socket = new WebSocket(url, { headers: { cookie: client.cookieHeader() } });
      socket.binaryType = 'nodebuffer';
      let output = '';
      let exitCode: number | null = null;
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        const frame = decodeFrame(isBinary ? new Uint8Array(data) : data.toString());
        if (frame.kind === 'data') output += Buffer.from(frame.data).toString();
        else if (frame.message.type === 'close') exitCode = frame.message.exitCode ?? null;
        else if (frame.message.type === 'error') output += frame.message.message;
      });
      await new Promise((resolve) => socket.once('close', resolve));
      return { nodeId: node.id, hostname: node.hostname, output, exitCode };
    }),
  );
}
