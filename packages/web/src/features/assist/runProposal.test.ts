import { decodeFrame, encodeControl, terminalAckEveryBytes } from '@portcullis/shared';
import { FakeSocket } from '../../testing/fakeSocket';
import { nodeRuns, proposal } from './assistTestGateway';
import { maxOutputChars, type NodeRun, runProposal } from './runProposal';

function start(nodes = proposal({ nodes: [{ id: 'node-1', hostname: 'web-1' }] })) {
  const sockets: FakeSocket[] = [];
  const progress: NodeRun[][] = [];
  const done = runProposal(nodes, {
    open: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    onProgress: (runs) => progress.push(runs),
  });
  return { socket: sockets[0]!, progress, done };
}

const controlsSent = (socket: FakeSocket) => socket.sent.map((f) => decodeFrame(f as string));

test('keeps the last 16 KiB of a long output and acknowledges what it received, so the gateway keeps sending', async () => {
  const { socket, done } = start();
  const chunk = 'x'.repeat(terminalAckEveryBytes - 1) + '\n';
  nodeRuns(socket, 'the start\n');
  socket.emit('message', new TextEncoder().encode(chunk));
  socket.emit('message', encodeControl({ type: 'close', reason: 'exited', exitCode: 0 }));
  socket.emit('close');
  const [result] = await done;
  expect(result!.output).toHaveLength(maxOutputChars);
  expect(result!.output.endsWith('x\n')).toBe(true);
  expect(result!.output).not.toContain('the start');
  expect(controlsSent(socket)).toEqual([
    { kind: 'control', message: { type: 'ack', bytes: 'the start\n'.length + chunk.length } },
  ]);
});

test('the gateway’s error goes into the output; a node closed without an exit code did not run', async () => {
  const { socket, progress, done } = start();
  socket.emit('message', encodeControl({ type: 'error', message: 'access denied to root on web-1' }));
  socket.emit('close');
  expect(await done).toEqual([
    { nodeId: 'node-1', hostname: 'web-1', output: '\naccess denied to root on web-1\n', exitCode: null },
  ]);
  expect(progress.at(-1)).toEqual([
    {
      nodeId: 'node-1',
      hostname: 'web-1',
      output: '\naccess denied to root on web-1\n',
      exitCode: null,
      done: true,
    },
  ]);
});

test('a node that asks for a second factor is not run when none can be asked for', async () => {
  const { socket, done } = start();
  socket.emit('open');
  socket.emit('message', encodeControl({ type: 'mfa-challenge', totp: true }));
  expect(socket.closed).toBe(true);
  expect(controlsSent(socket).map((f) => f.kind === 'control' && f.message.type)).toEqual(['close']);
  socket.emit('close');
  const [result] = await done;
  expect(result!.exitCode).toBeNull();
  expect(result!.output).toContain('This node needs a second factor for each session');
});
