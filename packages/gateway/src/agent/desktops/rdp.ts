import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DesktopLoginError, type DesktopEndpoint, type OpenRdp, type RdpTarget } from './endpoint';
import { stopBridgeChild } from './rdpChildren';
import { startFreerdp } from './rdpFreerdp';
import { freerdpFailureReason } from './rdpReasons';
import { RfbViewer } from './rdpViewer';
import { startPrivateXvnc } from './rdpXvnc';
import { desktopAddr } from './target';

export interface RdpBridgeOptions {
  /** FreeRDP's configuration home (XDG_CONFIG_HOME), where it pins the certificates it trusted; FreeRDP's per-user default otherwise. */
  certificateStore?: string;
  /** How long the RDP desktop may take to draw, from the start. */
  timeoutMs?: number;
}

const sizeLimit = 8192;
const dirPrefix = 'portcullis-rdp-';

/** Whether process `pid` runs: a killed agent's parent may not have reaped it yet, and a zombie runs nothing. */
function running(pid: string): boolean {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Removes the session directories (a VNC password, an X cookie) of agents that were killed outright and could not
 * clean up: each is named for its agent's pid, so one whose agent is gone is an orphan.
 */
function sweepOrphans(): void {
  for (const entry of readdirSync(os.tmpdir())) {
    const pid = new RegExp(`^${dirPrefix}(\\d+)-`).exec(entry)?.[1];
    if (!pid || running(pid)) continue;
    const dir = path.join(os.tmpdir(), entry);
    if (statSync(dir).uid === process.getuid?.()) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The RDP bridge: for each session a private Xvnc (loopback only, a random VNC password) with xfreerdp drawing
 * the RDP desktop into it. Resolves once the desktop has drawn something (more than a pointer's worth of the
 * screen is not black), so a refused login fails here with FreeRDP's reason rather than as an empty screen. (An xrdp that is
 * to refuse a login outright needs require_credentials=true and hidelogwindow=true; otherwise it answers a
 * wrong password with its own login dialog, which the bridge shows like any desktop.) When xfreerdp ends (the
 * user logged off, the server went away), the VNC server goes with it and its viewers see the desktop close.
 */
export function rdpOpener(options: RdpBridgeOptions = {}): OpenRdp {
  const timeoutMs = options.timeoutMs ?? 20_000;
  return async (target: RdpTarget): Promise<DesktopEndpoint> => {
    for (const side of [target.width, target.height]) {
      if (!Number.isInteger(side) || side < 1 || side > sizeLimit)
        throw new Error(
          `the desktop size must be whole pixels from 1 to ${sizeLimit}, not ${target.width}x${target.height}`,
        );
    }
    // FreeRDP reads the password up to the first line break.
    if (target.password?.includes('\n'))
      throw new DesktopLoginError('the RDP password holds a line break, which the RDP client cannot take');
    sweepOrphans();
    const dir = mkdtempSync(path.join(os.tmpdir(), `${dirPrefix}${process.pid}-`));
    const xvnc = await startPrivateXvnc(dir, target.width, target.height).catch((err: unknown) => {
      rmSync(dir, { recursive: true, force: true });
      throw err;
    });
    let closing: Promise<void> | undefined;
    const freerdp = startFreerdp(target, {
      display: xvnc.display,
      xauthority: xvnc.xauthority,
      configHome: options.certificateStore,
    });
    const close = (): Promise<void> =>
      (closing ??= (async () => {
        await stopBridgeChild(freerdp.process);
        await xvnc.stop();
        rmSync(dir, { recursive: true, force: true });
      })());

    const exited = new Promise<number | null>((resolve) =>
      freerdp.process.once('exit', (code) => resolve(code)),
    );
    let viewer: RfbViewer | undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      const drawing = (async () => {
        viewer = await RfbViewer.open('127.0.0.1', xvnc.port, xvnc.password);
        // More than a pointer's worth: a cursor drawn in the middle of a black screen is not a desktop yet.
        const enough = (viewer.width * viewer.height) / 200;
        await viewer.update(false);
        while (viewer.nonBlack() < enough) await viewer.update(true);
        return 'drawn' as const;
      })();
      // Once the race is decided otherwise, closing the viewer ends this loop with an error nobody needs.
      drawing.catch(() => undefined);
      const outcome = await Promise.race([
        drawing,
        exited.then((code) => ({ exited: code })),
        new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs))),
      ]);
      if (outcome === 'timeout')
        throw new DesktopLoginError(
          `the RDP server ${desktopAddr(target)} showed no desktop within ${Math.round(timeoutMs / 1000)} s`,
        );
      if (outcome !== 'drawn')
        throw new DesktopLoginError(await freerdpFailureReason(freerdp.output(), target, outcome.exited));
    } catch (err) {
      await close();
      throw err;
    } finally {
      clearTimeout(timer);
      viewer?.close();
    }
    void exited.then(close);
    return { host: '127.0.0.1', port: xvnc.port, password: xvnc.password, close };
  };
}

/** The bridge with FreeRDP's own certificate store (the agent's user's ~/.config/freerdp) and a 20 s limit. */
export const openRdp: OpenRdp = rdpOpener();
