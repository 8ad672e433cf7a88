import { spawn } from 'node:child_process';
import path from 'node:path';
import { closeInterruptedRecordings } from '../../src/resources/recordings/recover';
import { RecordingStore } from '../../src/resources/recordings/store';
import { openStorage } from '../../src/platform/storage/open';
import { tempDir } from './factories';


describe('a recording process killed with SIGKILL', () => {
  it('leaves a recording that plays every flushed line, each whole', async () => {
    const tmp = tempDir();
    // Node itself with tsx as a loader: the tsx command would run the script in a grandchild the kill misses.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'fixtures/recordForever.ts'), tmp.dir, 'crashed-session'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let lastDurable = -1;
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const seen = [...chunk.toString().matchAll(/durable (\d+)/g)].map((m) => Number(m[1]));
        lastDurable = Math.max(lastDurable, ...seen);
        if (lastDurable >= 49 && child.kill('SIGKILL')) resolve();
      });
    });
    await new Promise((r) => child.once('exit', r));

    const reader = (await new RecordingStore(tmp.dir).open('crashed-session'))!;
    const summary = await reader.summary();
    expect(summary.complete).toBe(false);
    const lines = (await reader.read(0, summary.bytes)).toString().split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines.length).toBeGreaterThan(lastDurable);
    expect(lines).toEqual(lines.map((_, i) => `line ${i}`));
    await reader.close();

    // The next start closes it at its last flush and writes the session end the list is made of.
    const recordings = new RecordingStore(tmp.dir);
    const store = await openStorage({ dataDir: tmp.dir });
    expect(await closeInterruptedRecordings(recordings, store, () => false)).toEqual(['crashed-session']);
    const closed = (await recordings.open('crashed-session'))!;
    expect(await closed.summary()).toMatchObject({ complete: true, bytes: summary.bytes, durationMs: summary.durationMs });
    await closed.close();
    const { events } = await store.events.search({ from: 0, to: Date.now() + 1000, limit: 10, order: 'asc' });
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ code: 'T2004I', sid: 'crashed-session', user: 'alice', session_recording: 'on', interactive: true, error: 'the gateway stopped during the session; the recording ends at its last flush' }),
    ]);
    expect(await closeInterruptedRecordings(recordings, store, () => false)).toEqual([]);
    await store.close();
    tmp.remove();
  });
});
