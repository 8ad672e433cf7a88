import { spawn } from 'node:child_process';
import path from 'node:path';
import { RecordingStore } from '../../src/recordings/store';
import { tempDir } from './factories';

const tsx = path.resolve(__dirname, '../../../../node_modules/.bin/tsx');

describe('a recording process killed with SIGKILL', () => {
  it('leaves a recording that plays every flushed line, each whole', async () => {
    const tmp = tempDir();
    const child = spawn(tsx, [path.join(__dirname, 'fixtures/recordForever.ts'), tmp.dir, 'crashed-session'], { stdio: ['ignore', 'pipe', 'inherit'] });
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
    tmp.remove();
  });
});
