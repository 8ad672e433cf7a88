import { openTestStorage } from '../../../../test/harness';
import { eventually } from '../../../../test/servers/fixtures';
import type { RecordingMeta } from '../format';
import { RecordingIndexer } from './indexer';

const meta = (sid: string): RecordingMeta => ({ version: 1, sid, startTime: '2026-01-01T00:00:00.000Z', cols: 80, rows: 24, login: 'root', serverId: 'n1', serverHostname: 'node-1', clusterName: 'localhost', user: 'alice', interactive: true });

describe('recording indexer', () => {
  test('writes lines in batches, not per chunk, and the last partial line when the session ends', async () => {
    const { store, dispose } = await openTestStorage('sqlite');
    try {
      const indexer = new RecordingIndexer(store, { flushLines: 3, flushIntervalMs: 60_000 });
      const text = indexer.open(meta('s1'), 'k8s');
      const count = async () => (await store.db.selectFrom('recording_text_lines').selectAll().execute()).length;
      text.output(1, Buffer.from('one\r\ntwo\r\n'));
      await indexer.flush();
      expect(await count()).toBe(2);
      text.output(2, Buffer.from('three\r\nfour\r\nfive\r\nsix'));
      // Three more lines reached the batch size, which writes them long before the interval would.
      await eventually(async () => (await count()) === 5, 'the full batch written');
      text.input(3, Buffer.from('exi'));
      text.end(4);
      await indexer.close();
      const rows = await store.db.selectFrom('recording_text_lines').select(['sid', 't', 'kind', 'text']).orderBy('id').execute();
      expect(rows.map((r) => r.text)).toEqual(['one', 'two', 'three', 'four', 'five', 'six', 'exi']);
      expect(rows.at(-1)).toEqual({ sid: 's1', t: 3, kind: 'input', text: 'exi' });
      expect(await store.db.selectFrom('recording_text_sessions').selectAll().execute()).toEqual([
        { sid: 's1', started_at: Date.parse('2026-01-01T00:00:00.000Z'), user: 'alice', login: 'root', hostname: 'node-1', recording_type: 'k8s' },
      ]);
    } finally {
      await dispose();
    }
  });

  test('a storage failure is warned about and loses that batch only; the session is kept for the next', async () => {
    const { store, dispose } = await openTestStorage('sqlite');
    // Observed, and kept out of the test's output.
    const warn = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const indexer = new RecordingIndexer(store, { flushIntervalMs: 60_000 });
      const text = indexer.open(meta('s2'), 'ssh');
      await store.db.schema.alterTable('recording_text_lines').renameTo('recording_text_lines_away').execute();
      text.output(1, Buffer.from('lost line\r\n'));
      await expect(indexer.flush()).resolves.toBeUndefined();
      await store.db.schema.alterTable('recording_text_lines_away').renameTo('recording_text_lines').execute();
      text.output(2, Buffer.from('kept line\r\n'));
      await indexer.flush();
      expect((await store.db.selectFrom('recording_text_lines').select('text').execute()).map((r) => r.text)).toEqual(['kept line']);
      expect((await store.db.selectFrom('recording_text_sessions').select('sid').execute()).map((r) => r.sid)).toEqual(['s2']);
      expect(warn.mock.calls.map(([message]) => message)).toEqual(['1 lines of recorded text were not indexed for search: no such table: recording_text_lines']);
    } finally {
      warn.mockRestore();
      await dispose();
    }
  });

  test('a flood’s output is indexed only up to its share of each interval, so indexing cannot hold up the gateway; other sessions and typed input keep theirs', async () => {
    const { store, dispose } = await openTestStorage('sqlite');
    const warn = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      let now = 0;
      const indexer = new RecordingIndexer(store, { flushIntervalMs: 500, maxChars: 3000, maxSessionChars: 2000, now: () => now });
      const flood = indexer.open(meta('flood'), 'ssh');
      const quiet = indexer.open(meta('quiet'), 'ssh');
      // 100 KB with no line break: a hundred 1000-character lines, as `cat` of base64 gives.
      flood.output(1, Buffer.from('QUJD'.repeat(25_000)));
      quiet.output(2, Buffer.from('uptime 42 days\r\n'));
      // Still the first interval: over the session's share, so left out.
      now = 499;
      flood.output(3, Buffer.from('x'.repeat(1000)));
      // What is typed meanwhile is kept all the same.
      flood.input(3, Buffer.from('kill %1\r'));
      now = 500;
      flood.output(4, Buffer.from('\r\nnext interval\r\n'));
      await indexer.flush();
      const rows = await store.db.selectFrom('recording_text_lines').select(['sid', 'text']).orderBy('id').execute();
      expect(rows.map((r) => `${r.sid}: ${r.text.length > 20 ? `${r.text.length} chars` : r.text}`)).toEqual(['flood: 1000 chars', 'flood: 1000 chars', 'quiet: uptime 42 days', 'flood: kill %1', 'flood: next interval']);
      expect(warn.mock.calls.map(([message]) => message)).toEqual(['the search index of session flood is incomplete: their text came faster than the index takes it']);

      // More floods within the minute are named together, in one warning, at the latest when the index closes.
      now = 1000;
      for (const sid of ['flood-2', 'flood-3']) indexer.open(meta(sid), 'ssh').output(5, Buffer.from('QUJD'.repeat(1000)));
      expect(warn).toHaveBeenCalledTimes(1);
      await indexer.close();
      expect(warn.mock.calls.map(([message]) => message)).toEqual([
        'the search index of session flood is incomplete: their text came faster than the index takes it',
        'the search index of session flood-2 and of 1 other session since the last such warning is incomplete: their text came faster than the index takes it',
      ]);
    } finally {
      warn.mockRestore();
      await dispose();
    }
  });
});
