import { apiPaths, type RecordingSearchJson } from '@portcullis/shared';
import { recordEvent } from '../../../management/audit/record';
import { clusterParams } from '../../../platform/clusters/schemas';
import type { Gateway } from '../../../platform/server/context';
import { searchHitJson } from './presenter';
import { recordingTextRepo } from './repo';
import { encodeSearchKey, recordingSearchQuery } from './schemas';

/** Search across the typed input and the output of every terminal recording. */
export function recordingSearchRoutes(gw: Gateway) {
  const repo = recordingTextRepo(gw.store);

  gw.route('GET', apiPaths.recordingSearch, {
    access: { resource: 'session', verb: 'list' },
    params: clusterParams,
    query: recordingSearchQuery,
    handler: async ({ query: q, identity }): Promise<RecordingSearchJson> => {
      // One more than a page tells whether there is a next one.
      const rows = await repo.search(q.query, q.limit + 1, q.startKey);
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      // A search is audited once, when it is made; its further pages are the same search.
      if (!q.startKey) await recordEvent(gw.store, 'RECORDING_SEARCH', { user: identity!.user.name, query: q.query });
      return {
        hits: page.map((row) => searchHitJson(row, q.query)),
        startKey: rows.length > q.limit && last ? encodeSearchKey({ startedAt: last.started_at, sid: last.sid, t: last.t, id: last.id }) : '',
      };
    },
  });
}
