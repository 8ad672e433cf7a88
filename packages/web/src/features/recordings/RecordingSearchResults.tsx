import { formatPlayhead } from '@portcullis/console-kit';
import { Alert, ButtonLink, DataTable, Highlight, Text } from '@portcullis/design';
import { displayDateTime, playerPath, type RecordingSearchHitJson } from '@portcullis/shared';

export interface RecordingSearchResultsProps {
  clusterId: string;
  /** The text searched for, marked in each line. */
  query: string;
  hits: RecordingSearchHitJson[];
  loading: boolean;
  error: string;
  hasMore: boolean;
  onMore(): void;
}

// Two hits can share a session, a moment and a line (an echo typed and printed): the position keeps keys apart.
type Row = RecordingSearchHitJson & { key: string };

/** The lines a search found, each opening the player at the moment it appeared. */
export function RecordingSearchResults({ clusterId, query, hits, loading, error, hasMore, onMore }: RecordingSearchResultsProps) {
  const rows: Row[] = hits.map((h, i) => ({ ...h, key: `${h.sid}:${h.t}:${i}` }));
  return (
    <>
      {error ? <Alert>{error}</Alert> : null}
      <DataTable<Row>
        label="Recording search results"
        data={rows}
        rowKey={(h) => h.key}
        fetchStatus={loading ? 'loading' : ''}
        emptyText={`No recording contains “${query}”`}
        columns={[
          { key: 'sessionStart', headerText: 'Session Start (UTC)', noWrap: true, render: (h) => displayDateTime(h.sessionStart) },
          { key: 'user', headerText: 'User' },
          { key: 'hostname', headerText: 'Host', noWrap: true },
          { key: 'login', headerText: 'Login' },
          { key: 't', headerText: 'Time', noWrap: true, render: (h) => formatPlayhead(h.t) },
          { key: 'kind', headerText: 'Kind' },
          {
            key: 'text',
            headerText: 'Line',
            render: (h) => (
              <Text typography="body2" mono>
                <Highlight text={h.text} match={query} />
              </Text>
            ),
          },
          {
            key: 'sid',
            headerText: '',
            render: (h) => (
              <ButtonLink
                kind="border"
                size="small"
                aria-label={`Play ${h.sid} at ${formatPlayhead(h.t)}`}
                href={playerPath({ clusterId, sid: h.sid, recordingType: h.recordingType, t: h.t })}
              >
                Play
              </ButtonLink>
            ),
          },
        ]}
        fetchMore={{ onFetchMore: onMore, hasMore }}
      />
    </>
  );
}
