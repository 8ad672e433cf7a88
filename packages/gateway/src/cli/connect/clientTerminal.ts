import os from 'node:os';
import type { DaemonClientExit, DaemonClientMessage, DaemonConnectionJson } from '@portcullis/shared';
import { spawn } from 'node-pty';
import type WebSocket from 'ws';
import { z } from 'zod';
import { keepLastOutput } from '../../platform/pty/ptyFlow';
import { clientCommand } from '../client/databases';

const size = z.number().int().min(1).max(1000);

const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('input'), data: z.string() }),
  z.object({ type: z.literal('resize'), cols: size, rows: size }),
]) satisfies z.ZodType<DaemonClientMessage>;

export const terminalSizeSchema = z.object({ cols: z.coerce.number().pipe(size).default(80), rows: z.coerce.number().pipe(size).default(24) });

/**
 * The database's own client (psql, mysql, redis-cli) on a terminal of this machine, pointed at the connection's
 * local port, joined to the UI's websocket: output as binary frames, the exit code as the last text frame. The
 * client ends when the socket does.
 */
export function runClientTerminal(socket: WebSocket, connection: DaemonConnectionJson, term: { cols: number; rows: number }): void {
  const [command, args] = clientCommand(connection.protocol, connection.port, { user: connection.dbUser, ...(connection.dbName !== undefined && { name: connection.dbName }) });
  const pty = spawn(command, args, { name: 'xterm-256color', cols: term.cols, rows: term.rows, cwd: os.homedir(), env: process.env, encoding: null });
  // What the client prints as it quits (psql's last error, say) would otherwise be lost at times.
  keepLastOutput(pty);
  let exited = false;
  pty.onData((data: string | Buffer) => socket.send(data, { binary: true }));
  pty.onExit(({ exitCode }) => {
    exited = true;
    socket.send(JSON.stringify({ type: 'exit', code: exitCode } satisfies DaemonClientExit));
    socket.close(1000);
  });
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    // Anything but a DaemonClientMessage is not the UI's to send: ignored, as a terminal ignores line noise.
    if (isBinary) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      return;
    }
    const message = clientMessageSchema.safeParse(parsed);
    if (!message.success) return;
    if (message.data.type === 'input') pty.write(message.data.data);
    else pty.resize(message.data.cols, message.data.rows);
  });
  socket.on('close', () => {
    if (!exited) pty.kill();
  });
}
