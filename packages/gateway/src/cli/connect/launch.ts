import path from 'node:path';
import { openAppWindow } from './browser';
import { startDaemon } from './daemon';
import { connectHome } from './files';

/** `portcullis connect`: starts the daemon, prints its launch link and opens it unless told not to. */
export async function launchConnect(flags: { port: number; uiDir: string; open: boolean }, out: (line: string) => void): Promise<void> {
  const daemon = await startDaemon({ port: flags.port, uiDir: flags.uiDir });
  out(`Portcullis Connect: ${daemon.launchUrl}`);
  if (flags.open) openAppWindow(daemon.launchUrl, path.join(connectHome(), 'chromium'));
  const stop = () => void daemon.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
