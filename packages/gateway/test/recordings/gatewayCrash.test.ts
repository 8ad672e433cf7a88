import { spawn } from 'node:child_process';
import path from 'node:path';
import { terminalSocketPath } from '@portcullis/shared';
import WebSocket from 'ws';
import { RecordingStore } from '../../src/resources/recordings/store';
import { startGateway } from '../harness';
import { eventually } from '../servers/fixtures';
import { tempDir } from './factories';

jest.setTimeout(90_000);

describe('a gateway killed with SIGKILL during a session', () => {
  it('leaves a recording that plays up to the last flush, closed and listed at the next start', async () => {
    const tmp = tempDir();
    // Node itself with tsx as a loader, so the kill reaches the gateway and not a wrapper around it.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'fixtures/gatewayToKill.ts'), tmp.dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((r) => child.once('exit', r));
    const ready = await new Promise<{ url: string; token: string; cookie: string; nodeId: string }>((resolve) => {
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const line = text.split('\n').find((l) => l.startsWith('{"url"'));
        if (line) resolve(JSON.parse(line));
      });
    });
    const params = { server_id: ready.nodeId, login: 'root', term: { w: 80, h: 24 } };
    const socket = new WebSocket(`${ready.url.replace(/^http/, 'ws')}${terminalSocketPath('localhost', ready.token, params)}`, { headers: { cookie: ready.cookie } });
    let output = '';
    let sid = '';
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) output += data.toString();
      else if (!sid) sid = /"type":"session","session":\{"kind":"ssh","id":"([^"]+)"/.exec(data.toString())?.[1] ?? '';
    });
    await new Promise((r) => socket.once('open', r));
    socket.send(Buffer.from('echo durable-$((6*7))\r'), { binary: true });
    await eventually(async () => /durable-42\r\n/.test(output), 'the command output');
    // Longer than the flush interval (500 ms): this output is on disk.
    await new Promise((r) => setTimeout(r, 1_500));
    child.kill('SIGKILL');
    await exited;
    socket.terminate();

    const recordings = new RecordingStore(tmp.dir);
    const reader = (await recordings.open(sid))!;
    const summary = await reader.summary();
    expect(summary.complete).toBe(false);
    expect((await reader.read(0, summary.bytes)).toString()).toContain('durable-42\r\n');
    await reader.close();

    // The next start on the same data directory closes the recording and lists it.
    const next = await startGateway({ config: { dataDir: tmp.dir } });
    try {
      const auditor = await next.signIn({ roles: ['auditor'] });
      const row = await eventually(async () => {
        const res = await auditor.get('/v1/webapi/sites/localhost/events/search/sessions');
        return (res.body.events as { sid: string }[]).find((e) => e.sid === sid);
      }, 'the recordings row after restart');
      expect(row).toMatchObject({ code: 'T2004I', interactive: true, session_recording: 'on' });
      const played = await auditor.get(`/v1/webapi/sites/localhost/sessions/${sid}/recording`);
      expect(played.body).toMatchObject({ complete: true, bytes: summary.bytes, durationMs: summary.durationMs });
    } finally {
      await next.close();
      tmp.remove();
    }
  });
});
