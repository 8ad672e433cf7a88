import { serveExec } from './exec';
import { serveDownload, serveUpload } from './files';
import { lookupLogin } from './logins';
import { refuseBadRequest } from './refuseBadRequest';
import { serveShell } from './shell';
import { nodeRequest } from './tunnel/requests';
import type { MuxStream } from './tunnel/stream';

/** Serves the node this agent runs on: a shell, a command, or a file, each as the login the request names. */
export async function serveNode(stream: MuxStream, raw: unknown, hostname: string): Promise<void> {
  const parsed = nodeRequest.safeParse(raw);
  if (!parsed.success) return refuseBadRequest(stream, parsed.error.issues[0]?.message ?? 'unknown');
  const request = parsed.data;
  try {
    const account = await lookupLogin(request.login, hostname);
    if (stream.isClosed) return;
    if (request.op === 'shell') serveShell(stream, account, request.term, request.sessionId);
    else if (request.op === 'exec') serveExec(stream, account, request.command);
    else if (request.op === 'upload') serveUpload(stream, account, request.path);
    else serveDownload(stream, account, request.path);
    stream.accept();
  } catch (err) {
    stream.control({ type: 'error', message: (err as Error).message });
    stream.control({ type: 'exit', code: null });
    stream.end();
    stream.accept();
  }
}
