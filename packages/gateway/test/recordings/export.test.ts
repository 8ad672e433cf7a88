import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RecordingExportHeader } from '@portcullis/shared';
import { eventLines } from '../../src/resources/recordings/export/asciicast';
import { RecordingStore } from '../../src/resources/recordings/store';
import { cliArgs, repoRoot } from '../cli';
import { manualClock, newRecording, tempDir } from './factories';
import { startRecordedGateway, type RecordedGateway } from './recorded';

jest.setTimeout(60_000);

const run = promisify(execFile);

describe('export event lines', () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeEach(() => (tmp = tempDir()));
  afterEach(() => tmp.remove());

  it('writes output as whole UTF-8 characters across records, bad bytes as U+FFFD, resizes as COLSxROWS', async () => {
    const clock = manualClock();
    const store = new RecordingStore(tmp.dir, { now: clock.now });
    const rec = newRecording();
    const writer = await store.create(rec);
    // Records are at least 10 ms apart, so none are merged: "é" is split across the first two, "✓" ends unfinished.
    const steps: (Buffer | [number, number])[] = [Buffer.from([0x63, 0x61, 0x66, 0xc3]), Buffer.from([0xa9, 0x20, 0x6f, 0x6b]), Buffer.from([0xff]), [100, 30], Buffer.from([0xe2, 0x9c])];
    for (const step of steps) {
      if (Buffer.isBuffer(step)) writer.output(step);
      else writer.resize(...step);
      clock.advance(20);
    }
    await writer.close();
    const reader = (await store.open(rec.sid))!;
    const lines: string[] = [];
    for await (const line of eventLines(reader)) lines.push(line);
    await reader.close();
    expect(lines).toEqual(['[0.000000, "o", "caf"]\n', '[0.020000, "o", "é ok"]\n', '[0.040000, "o", "\uFFFD"]\n', '[0.060000, "r", "100x30"]\n', '[0.080000, "o", "\uFFFD"]\n']);
  });
});

describe('recording export and verify', () => {
  let rec: RecordedGateway;
  let sid: string;
  let dir: string;
  const exportPath = (id: string) => `/v1/webapi/sites/localhost/sessions/${id}/recording/export`;
  const verify = (file: string, ...flags: string[]) =>
    run(process.execPath, [...cliArgs, 'recordings', 'verify', file, ...flags], { cwd: repoRoot }).then(
      (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
      (failed: { code: number; stdout: string; stderr: string }) => ({ code: failed.code, stdout: failed.stdout, stderr: failed.stderr }),
    );
  /** The export as the browser downloads it. */
  const download = (id: string) => fetch(`${rec.gw.url}${exportPath(id)}`, { headers: { authorization: `Bearer ${rec.reader.session!.token}`, cookie: rec.reader.cookieHeader() } });

  beforeAll(async () => {
    rec = await startRecordedGateway();
    sid = await rec.record([
      { type: 'echo export-$((6*7))\r', until: /export-42/ },
      { type: 'printf "caf\\303\\251\\n"\r', until: /café/ },
    ]);
    dir = mkdtempSync(path.join(tmpdir(), 'portcullis-export-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await rec.stop();
  });

  test('downloads the recording as asciicast v2 with a signed manifest of its files and events; the CLI verifies it', async () => {
    const res = await download(sid);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${sid}.cast"`);
    const cast = Buffer.from(await res.arrayBuffer());
    const newline = cast.indexOf(0x0a);
    const header = JSON.parse(cast.subarray(0, newline).toString()) as RecordingExportHeader;
    const events = cast.subarray(newline + 1);
    const { manifest } = header.portcullis;
    expect(header).toMatchObject({ version: 2, width: 90, height: 25, title: `root@${hostname()}` });
    expect(manifest).toMatchObject({ version: 1, sid, clusterName: 'localhost', exportedBy: rec.reader.name, header: { width: 90, height: 25, timestamp: header.timestamp, title: header.title } });
    expect(manifest.eventsSha256).toBe(createHash('sha256').update(events).digest('hex'));
    const recordingDir = path.join(rec.gw.server.gw.config.dataDir, 'recordings', sid);
    expect(manifest.recording).toEqual(
      ['meta.json', 'output.bin', 'keyframes.bin', 'index.bin'].map((file) => {
        const bytes = readFileSync(path.join(recordingDir, file));
        return { file, sha256: createHash('sha256').update(bytes).digest('hex'), bytes: statSync(path.join(recordingDir, file)).size };
      }),
    );
    const lines = events.toString().split('\n');
    expect(lines.pop()).toBe('');
    const parsed = lines.map((l) => JSON.parse(l) as [number, string, string]);
    expect(parsed.every(([t, code]) => typeof t === 'number' && ['o', 'r'].includes(code))).toBe(true);
    const output = parsed.filter(([, code]) => code === 'o').map(([, , data]) => data).join('');
    expect(output).toContain('export-42');
    expect(output).toContain('café');
    expect(await rec.audit('TRC07I')).toContainEqual(expect.objectContaining({ user: rec.reader.name, sid, events_sha256: manifest.eventsSha256 }));

    const file = path.join(dir, `${sid}.cast`);
    writeFileSync(file, cast);
    const verified = await verify(file, '--proxy', rec.gw.url);
    expect(verified).toEqual({ code: 0, stdout: `verified: session ${sid} exported by ${rec.reader.name} at ${manifest.exportedAt}\n`, stderr: '' });

    const jwks = path.join(dir, 'jwks.json');
    writeFileSync(jwks, await (await fetch(`${rec.gw.url}/.well-known/jwks.json`)).text());
    expect((await verify(file, '--jwks', jwks)).code).toBe(0);

    // One byte changed in the events, then in the header: each fails its own check.
    const lastOutput = cast.lastIndexOf('export-4');
    const changedEvents = Buffer.from(cast);
    changedEvents[lastOutput] = 'E'.charCodeAt(0);
    writeFileSync(file, changedEvents);
    const eventsFailed = await verify(file, '--jwks', jwks);
    expect(eventsFailed.code).toBe(1);
    expect(eventsFailed.stderr).toMatch(/^error: the events were changed: their SHA-256 is [0-9a-f]{64}, the signed manifest says [0-9a-f]{64}\n$/);

    const changedHeader = Buffer.from(cast);
    changedHeader[cast.indexOf('"width":90') + '"width":'.length] = '8'.charCodeAt(0);
    writeFileSync(file, changedHeader);
    expect(await verify(file, '--jwks', jwks)).toMatchObject({ code: 1, stderr: "error: the header's size, start time or title differ from the signed manifest's\n" });

    // The same header, only written differently, is refused too: a verifier requires the gateway's bytes.
    writeFileSync(file, Buffer.concat([Buffer.from(JSON.stringify(header, null, 1).replace(/\n/g, '')), cast.subarray(newline)]));
    expect(await verify(file, '--jwks', jwks)).toMatchObject({ code: 1, stderr: 'error: the header line is not exactly as the gateway wrote it\n' });

    const otherKeys = path.join(dir, 'other-jwks.json');
    writeFileSync(otherKeys, JSON.stringify({ keys: [] }));
    writeFileSync(file, cast);
    expect((await verify(file, '--jwks', otherKeys)).stderr).toMatch(/^error: the signature does not verify with the gateway's keys: /);
  });

  test('refuses a session still being recorded, a missing recording, and callers who may not read sessions', async () => {
    const { sid: liveSid, ...recording } = newRecording();
    const live = await new RecordingStore(rec.gw.server.gw.config.dataDir).create({ sid: liveSid, ...recording });
    live.output(Buffer.from('still running'));
    await live.flush();
    const running = await download(liveSid);
    expect(running.status).toBe(409);
    expect(await running.json()).toEqual({ error: { message: `session ${liveSid} is still being recorded: export it once it has ended` } });
    await live.close();
    expect((await rec.reader.get(exportPath('no-such-session'))).status).toBe(404);
    const outsider = await rec.gw.signIn({ roles: ['servers-operator'] });
    expect((await outsider.get(exportPath(sid))).status).toBe(403);
    expect((await rec.gw.anonymous().get(exportPath(sid))).status).toBe(403);
  });
});
