import type { AskSecondFactor } from '@portcullis/console-kit';
import {
  type AssistNodeResultJson,
  type AssistProposalJson,
  type ControlMessage,
  decodeFrame,
  encodeControl,
  terminalAckEveryBytes,
} from '@portcullis/shared';
import { type AssistSocket, type CommandParams, socketOpen } from './assistSockets';

/** What the console keeps of a node's output, and sends back: its last 16 KiB. */
export const maxOutputChars = 16 * 1024;

/** One node's run as it streams: the output so far, and the exit code once it has finished. */
export interface NodeRun extends AssistNodeResultJson {
  done: boolean;
}

const keepTail = (text: string) => (text.length > maxOutputChars ? text.slice(-maxOutputChars) : text);
const onItsOwnLine = (text: string) => `\n${text}\n`;

export interface RunOptions {
  /** Opens the command websocket for one node. */
  open: (params: CommandParams) => AssistSocket;
  /** Called with every node's run each time one of them changes. */
  onProgress: (runs: NodeRun[]) => void;
  /** Answers a node's per-session second-factor challenge; without it such a node is not run. */
  askSecondFactor?: AskSecondFactor;
  /** Aborting closes the command websockets still open. */
  signal?: AbortSignal;
}

/**
 * Runs a proposal the person confirmed: on every node it names (never the refused ones), at once, each through its
 * own command websocket under the person's session. Resolves with each node's output and exit code, in the
 * proposal's order, once every socket has closed.
 */
export async function runProposal(
  proposal: AssistProposalJson,
  options: RunOptions,
): Promise<AssistNodeResultJson[]> {
  const runs: NodeRun[] = proposal.nodes.map((n) => ({
    nodeId: n.id,
    hostname: n.hostname,
    output: '',
    exitCode: null,
    done: false,
  }));
  const update = (i: number, change: Partial<NodeRun>) => {
    runs[i] = { ...runs[i]!, ...change };
    options.onProgress([...runs]);
  };
  options.onProgress([...runs]);
  await Promise.all(
    proposal.nodes.map((node, i) =>
      runOnNode({ server_id: node.id, login: proposal.login, command: proposal.command }, options, (change) =>
        update(i, change),
      ),
    ),
  );
  return runs.map(({ nodeId, hostname, output, exitCode }) => ({ nodeId, hostname, output, exitCode }));
}

function runOnNode(
  params: CommandParams,
  options: RunOptions,
  update: (change: Partial<NodeRun>) => void,
): Promise<void> {
  return new Promise((resolve) => {
    const socket = options.open(params);
    socket.binaryType = 'arraybuffer';
    const decoder = new TextDecoder();
    let output = '';
    let exitCode: number | null = null;
    // The gateway stops sending once a window of output is unacknowledged, so a long output must be acknowledged.
    let unacknowledged = 0;
    const append = (text: string) => {
      output = keepTail(output + text);
      update({ output });
    };
    const sendControl = (message: ControlMessage) => {
      if (socket.readyState === socketOpen) socket.send(encodeControl(message));
    };
    const abandon = (reason: string) => {
      append(onItsOwnLine(reason));
      sendControl({ type: 'close', reason });
      socket.close(1000);
    };
    const answerChallenge = async ({
      webauthn,
      totp,
    }: Extract<ControlMessage, { type: 'mfa-challenge' }>) => {
      if (!options.askSecondFactor)
        return abandon('This node needs a second factor for each session, and none can be asked for here.');
      try {
        const answer = await options.askSecondFactor({
          ...(webauthn && { webauthn_challenge: webauthn }),
          totp_challenge: totp,
        });
        sendControl({ type: 'mfa-response', ...answer });
      } catch (err) {
        abandon(err instanceof Error ? err.message : String(err));
      }
    };

    socket.addEventListener('message', ({ data }) => {
      let frame;
      try {
        frame = decodeFrame(data as string | ArrayBuffer);
      } catch (err) {
        append(
          onItsOwnLine(`The gateway sent a message the console cannot read (${(err as Error).message}).`),
        );
        return;
      }
      if (frame.kind === 'data') {
        append(decoder.decode(frame.data, { stream: true }));
        unacknowledged += frame.data.byteLength;
        if (unacknowledged >= terminalAckEveryBytes) {
          sendControl({ type: 'ack', bytes: unacknowledged });
          unacknowledged = 0;
        }
      } else if (frame.message.type === 'error') append(onItsOwnLine(frame.message.message));
      else if (frame.message.type === 'close') exitCode = frame.message.exitCode ?? null;
      else if (frame.message.type === 'mfa-challenge') void answerChallenge(frame.message);
    });
    socket.addEventListener('error', () => append(onItsOwnLine('The connection to the node failed.')));
    socket.addEventListener('close', () => {
      output = keepTail(output + decoder.decode());
      update({ output, exitCode, done: true });
      resolve();
    });
    options.signal?.addEventListener('abort', () => socket.close(1000), { once: true });
  });
}
