import { Alert, Box, ButtonLink, DataTable, EmptyState, Flex, H1, Icons, Select, Text } from '@portcullis/design';
import { displayDateTime, playerPath, type Recording } from '@portcullis/shared';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useKeysetPages } from '../../hooks/useKeysetPages';
import { presetRange, rangePresetLabels, type AuditRange, type RangePreset } from '../audit/auditRange';
import { RecordingSearch } from './RecordingSearch';
import { fetchRecordings } from './recordingsApi';

const presets = Object.entries(rangePresetLabels).filter(([value]) => value !== 'custom');

/** Session Recordings: a search over what recordings contain, and ended sessions in a time range, each playable or saying why not. */
export default function RecordingsPage() {
  const { clusterId = '' } = useParams();
  const [range, setRange] = useState<AuditRange>(() => presetRange('week'));
  const fetchPage = useCallback(
    (startKey?: string) => fetchRecordings(clusterId, range, startKey),
    [clusterId, range],
  );
  const { rows, status, error, hasMore, fetchMore } = useKeysetPages(fetchPage);

  return (
    <>
      <Flex alignItems="center" justifyContent="space-between" mb={4}>
        <H1>Session Recordings</H1>
        <Box width={200}>
          <Select
            aria-label="Time range"
            value={range.preset}
            onChange={(preset) => setRange(presetRange(preset as Exclude<RangePreset, 'custom'>))}
            options={presets.map(([value, label]) => ({ value, label }))}
          />
        </Box>
      </Flex>
      {/* The page's flag is recordedSessions.list, the right the search needs: no further check here. */}
      <RecordingSearch clusterId={clusterId} />
      {error ? <Alert>{error}</Alert> : null}
      <DataTable<Recording>
        label="Session Recordings"
        data={rows}
        rowKey={(r) => r.sid}
        isSearchable
        initialSort={{ fieldName: 'createdDate', dir: 'DESC' }}
        fetchStatus={status === 'loading' ? 'loading' : ''}
        emptyState={
          <EmptyState
            icon={Icons.Recording}
            title="No Recordings Found"
            description="Sessions are listed here once they end. Choose a longer time range, or connect to a server to record a session."
          />
        }
        columns={[
          { key: 'recordingType', headerText: 'Type', isSortable: true },
          { key: 'users', headerText: 'Users', isSortable: true },
          { key: 'hostname', headerText: 'Hostname', isSortable: true },
          {
            key: 'durationText',
            headerText: 'Duration',
            isSortable: true,
            sortFn: (a, b) => a.duration - b.duration,
          },
          {
            key: 'createdDate',
            headerText: 'Created (UTC)',
            isSortable: true,
            noWrap: true,
            render: (r) => displayDateTime(r.createdDate),
          },
          { key: 'sid', headerText: 'Session ID' },
          {
            key: 'description',
            headerText: 'Recording',
            render: (r) =>
              r.playable ? (
                <ButtonLink
                  kind="border"
                  size="small"
                  aria-label={`Play ${r.sid}`}
                  href={playerPath({
                    clusterId,
                    sid: r.sid,
                    recordingType: r.recordingType,
                    durationMs: r.duration,
                  })}
                >
                  Play
                </ButtonLink>
              ) : (
                <Text typography="body2" color="text.muted">
                  {r.description}
                </Text>
              ),
          },
        ]}
        fetchMore={{ onFetchMore: () => void fetchMore(), hasMore }}
      />
    </>
  );
}
