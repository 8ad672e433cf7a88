import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DesktopLoginError, type DesktopEndpoint } from '../../src/agent/desktops/endpoint';
import { rdpOpener } from '../../src/agent/desktops/rdp';
import { RfbViewer } from '../../src/agent/desktops/rdpViewer';
import { freePort } from '../ports';
import { startTestXrdp, waitFor, type TestXrdp } from './rdpXrdpServer';

const repo = path.resolve(__dirname, '../../../..');
const needed = [
  '/usr/sbin/xrdp',
  '/usr/sbin/xrdp-sesman',
  '/usr/bin/Xvnc',
  '/usr/bin/xfreerdp',
  '/usr/bin/xterm',
];
const missing = needed.filter((file) => !existsSync(file));
const runnable = process.getuid?.() === 0 && missing.length === 0;
if (!runnable) {
  console.warn(
    `rdp.test.ts skipped: it needs root (to create a Linux user for xrdp) and ${needed.join(', ')}; missing: ${missing.join(', ') || 'root'}`,
  );
}

/** The bridge's processes: children of this process (setpriv executes them in place) named Xvnc or xfreerdp. */
function bridgeProcesses(): { pid: number; comm: string; rssKb: number }[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const comm = /\((.*)\)/.exec(stat)![1]!;
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid !== process.pid || !['Xvnc', 'xfreerdp'].includes(comm)) return [];
        const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
        return [{ pid: Number(pid), comm, rssKb }];
      } catch {
        return [];
      }
    });
}

const keyEvent = (keysym: number, down: boolean) => {
  const msg = Buffer.alloc(8);
  msg.writeUInt8(4, 0);
  msg.writeUInt8(down ? 1 : 0, 1);
  msg.writeUInt32BE(keysym, 4);
  return msg;
};

/** SetDesktopSize (the ExtendedDesktopSize extension): one screen filling the new size. */
const setDesktopSize = (width: number, height: number) => {
  const msg = Buffer.alloc(24);
  msg.writeUInt8(251, 0);
  msg.writeUInt16BE(width, 2);
  msg.writeUInt16BE(height, 4);
  msg.writeUInt8(1, 6);
  msg.writeUInt16BE(width, 16);
  msg.writeUInt16BE(height, 18);
  return msg;
};

/** PointerEvent: no button pressed, the pointer at (x, y). */
const pointerAt = (x: number, y: number) => {
  const msg = Buffer.alloc(6);
  msg.writeUInt8(5, 0);
  msg.writeUInt16BE(x, 2);
  msg.writeUInt16BE(y, 4);
  return msg;
};

function type(viewer: RfbViewer, text: string): void {
  for (const ch of text) {
    const keysym = ch === '\n' ? 0xff0d : ch.charCodeAt(0);
    viewer.write(keyEvent(keysym, true));
    viewer.write(keyEvent(keysym, false));
  }
}

/** Share of the pixels in the rectangle that are white, and whether any is dark (text). */
function whiteAndText(viewer: RfbViewer, w: number, h: number): { white: number; text: boolean } {
  let white = 0;
  let text = false;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = viewer.pixel(x, y);
      if (p === 0xffffff) white++;
      else if ((p & 0xff) < 0x40 && ((p >> 8) & 0xff) < 0x40 && p >> 16 < 0x40) text = true;
    }
  return { white: white / (w * h), text };
}

(runnable ? describe : describe.skip)('the RDP bridge against a real xrdp', () => {
  let xrdp: TestXrdp;
  let store: string;

  beforeAll(async () => {
    xrdp = await startTestXrdp();
    store = mkdtempSync(path.join(os.tmpdir(), 'portcullis-rdp-store-'));
  });
  beforeEach(() => xrdp.ensureListening());
  const cleanups: (() => void)[] = [];
  const afterTest = (cleanup: () => void) => cleanups.push(cleanup);
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  afterAll(async () => {
    await xrdp?.stop();
    if (store) rmSync(store, { recursive: true, force: true });
  });

  it('draws the xterm of the RDP session into a private VNC server that takes keystrokes, and close() ends it all', async () => {
    const openRdp = rdpOpener({ certificateStore: store });
    // This process's session directories only: a sweep may remove another, dead agent's at the same moment.
    const sessionDirs = () => readdirSync(os.tmpdir()).filter((e) => e.startsWith(`portcullis-rdp-${process.pid}-`));
    const dirsBefore = sessionDirs();
    const started = performance.now();
    const endpoint: DesktopEndpoint = await openRdp({
      host: '127.0.0.1',
      port: xrdp.port,
      user: xrdp.user,
      password: xrdp.password,
      width: 1024,
      height: 768,
    });
    const firstFrameMs = performance.now() - started;
    expect(sessionDirs()).toHaveLength(dirsBefore.length + 1);
    expect(endpoint.host).toBe('127.0.0.1');
    expect(endpoint.password).toMatch(/^[A-Za-z0-9_-]{8}$/);
    const running = bridgeProcesses();
    expect(running.map((p) => p.comm).sort()).toEqual(['Xvnc', 'xfreerdp']);
    // The password reached xfreerdp on stdin, not on its command line.
    for (const p of running)
      expect(readFileSync(`/proc/${p.pid}/cmdline`, 'utf8')).not.toContain(xrdp.password);

    const viewer = await RfbViewer.open(endpoint.host, endpoint.port, endpoint.password);
    try {
      expect([viewer.width, viewer.height]).toEqual([1024, 768]);
      // The xterm (80x24 at the top left, white, with KNOWN and a prompt in black) once xrdp has drawn it.
      await viewer.update(false);
      let seen = whiteAndText(viewer, 400, 250);
      while (seen.white < 0.8 || !seen.text) {
        await viewer.update(true);
        seen = whiteAndText(viewer, 400, 250);
      }
      expect(seen.white).toBeGreaterThan(0.8);
      expect(seen.text).toBe(true);
      // Outside the xterm the session's root window is not white.
      expect(viewer.pixel(1000, 700)).not.toBe(0xffffff);

      const file = `/tmp/portcullis-rdp-${process.pid}-${Date.now()}`;
      // The session has no window manager: X gives the keyboard to the window under the pointer.
      viewer.write(pointerAt(100, 100));
      type(viewer, `touch ${file}\n`);
      await waitFor(() => existsSync(file), 15_000, `${file} to be created through the RDP session`);
      expect(statSync(file).uid).toBe(xrdp.uid);
      rmSync(file);
    } finally {
      viewer.close();
    }

    const kb = (file: string, field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync(file, 'utf8'))?.[1]);
    const memory = running.map(
      (p) =>
        `${p.comm} RSS ${Math.round(kb(`/proc/${p.pid}/status`, 'VmRSS') / 1024)} MB (PSS ${Math.round(kb(`/proc/${p.pid}/smaps_rollup`, 'Pss') / 1024)} MB)`,
    );
    console.log(
      `RDP bridge at 1024x768: first frame ${Math.round(firstFrameMs)} ms after openRdp(); ${memory.join(', ')}`,
    );

    await endpoint.close();
    expect(bridgeProcesses()).toEqual([]);
    expect(sessionDirs()).toEqual(dirsBefore);
  });

  it('resizes the RDP session when a viewer resizes the private screen (SetDesktopSize)', async () => {
    const endpoint = await rdpOpener({ certificateStore: store })({
      host: '127.0.0.1',
      port: xrdp.port,
      user: xrdp.user,
      password: xrdp.password,
      width: 1024,
      height: 768,
    });
    const viewer = await RfbViewer.open(endpoint.host, endpoint.port, endpoint.password);
    try {
      await viewer.update(false);
      viewer.write(setDesktopSize(1280, 720));
      while (viewer.width !== 1280) await viewer.update(true);
      expect([viewer.width, viewer.height]).toEqual([1280, 720]);
      // xfreerdp (full screen, /dynamic-resolution) sends the new layout, and xrdp resizes the session's own Xvnc.
      const log = () => readFileSync(`${xrdp.dir}/xrdp.log`, 'utf8');
      await waitFor(
        () => /Layout from NewLayout \(geom=1280x720 /.test(log()),
        10_000,
        'xrdp to resize the session to 1280x720',
        xrdp.dir,
      );
      expect(log()).toContain('VNC server successfully resized');
    } finally {
      viewer.close();
      await endpoint.close();
    }
  });

  it('opens two sessions at once on separate displays and ports', async () => {
    const openRdp = rdpOpener({ certificateStore: store });
    const target = {
      host: '127.0.0.1',
      port: xrdp.port,
      user: xrdp.user,
      password: xrdp.password,
      width: 800,
      height: 600,
    };
    const [a, b] = await Promise.all([openRdp(target), openRdp(target)]);
    try {
      expect(a.port).not.toBe(b.port);
      expect(a.password).not.toBe(b.password);
      const displays = bridgeProcesses()
        .filter((p) => p.comm === 'Xvnc')
        .map((p) => readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').split('\0')[1]);
      expect(new Set(displays).size).toBe(2);
      for (const endpoint of [a, b]) {
        const viewer = await RfbViewer.open(endpoint.host, endpoint.port, endpoint.password);
        expect([viewer.width, viewer.height]).toEqual([800, 600]);
        viewer.close();
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    expect(bridgeProcesses()).toEqual([]);
  });

  it('leaves no Xvnc or xfreerdp behind when the agent process is killed outright', async () => {
    // tsx as a loader, not its command, which would run the script in a second process.
    const standIn = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(__dirname, 'rdpAgentStandIn.ts'),
        '127.0.0.1',
        String(xrdp.port),
        xrdp.user,
        xrdp.password,
        store,
      ],
      { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    afterTest(() => standIn.kill('SIGKILL'));
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      standIn.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(out.trim());
      });
      standIn.once('exit', (code) =>
        reject(new Error(`the stand-in agent exited (${code}) before opening the desktop`)),
      );
    });
    const pids = JSON.parse(line) as number[];
    const comms = pids.map((pid) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim()).sort();
    expect(comms).toEqual(['Xvnc', 'xfreerdp']);
    const reaped = new Promise((resolve) => standIn.once('exit', resolve));
    standIn.kill('SIGKILL');
    // Gone, or at most a zombie waiting for whoever adopted it to reap it.
    const alive = () =>
      pids.filter(
        (pid) => existsSync(`/proc/${pid}/stat`) && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8')),
      );
    await waitFor(() => alive().length === 0, 5000, 'the bridge processes to die with the agent');
    expect(alive()).toEqual([]);
    // Its session directory outlives it, until the next bridge to open a desktop sweeps it away.
    const orphans = () =>
      readdirSync(os.tmpdir()).filter((e) => e.startsWith(`portcullis-rdp-${standIn.pid}-`));
    expect(orphans()).toHaveLength(1);
    // Reaped, so its pid is gone from /proc rather than left as a zombie the sweep would take for a live agent.
    await reaped;
    const refused = await freePort();
    await expect(
      rdpOpener()({
        host: '127.0.0.1',
        port: refused,
        user: xrdp.user,
        password: xrdp.password,
        width: 800,
        height: 600,
      }),
    ).rejects.toThrow(DesktopLoginError);
    expect(orphans()).toEqual([]);
  });

  it('rejects a wrong password with DesktopLoginError saying so, and leaves nothing running', async () => {
    const openRdp = rdpOpener({ certificateStore: store });
    const attempt = openRdp({
      host: '127.0.0.1',
      port: xrdp.port,
      user: xrdp.user,
      password: 'not-the-password',
      width: 800,
      height: 600,
    });
    await expect(attempt).rejects.toThrow(DesktopLoginError);
    await expect(attempt).rejects.toThrow(
      `the RDP server ended the session while logging on; xrdp does this when it refuses the login "${xrdp.user}" or its password`,
    );
    expect(bridgeProcesses()).toEqual([]);
  });

  it('rejects a port where nothing listens with the reason', async () => {
    const port = await freePort();
    const attempt = rdpOpener({ certificateStore: store })({
      host: '127.0.0.1',
      port,
      user: xrdp.user,
      password: xrdp.password,
      width: 800,
      height: 600,
    });
    await expect(attempt).rejects.toThrow(
      new DesktopLoginError(
        `the agent could not reach the RDP server 127.0.0.1:${port}: connection refused (nothing listens on that port)`,
      ),
    );
    expect(bridgeProcesses()).toEqual([]);
  });
});
