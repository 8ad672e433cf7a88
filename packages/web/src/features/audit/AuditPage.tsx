import { Alert, Box, DataTable, EmptyState, Flex, H1, Icon, Icons, Select } from '@portcullis/design';
import { displayDateTime, type AuditEvent } from '@portcullis/shared';
import { useAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useKeysetPages } from '../../hooks/useKeysetPages';
import { auditRangeAtom, fetchEvents } from './auditAtoms';
import { presetRange, rangePresetLabels, type RangePreset } from './auditRange';
import { CustomRange } from './CustomRange';
import { EventDetailsDialog } from './EventDetailsDialog';
import { eventIcon, isFailureEvent } from './eventIcons';
import { eventPlayerPath } from './eventRecording';

/** The audit log: a time range, then the events with their catalogue messages, more pages on demand. */
export default function AuditPage() {
  const { clusterId = '' } = useParams();
  const [range, setRange] = useAtom(auditRangeAtom);
  const fetchPage = useCallback(
    (startKey?: string) => fetchEvents(clusterId, range, startKey),
    [clusterId, range],
  );
  const { rows: events, status, error, hasMore, fetchMore } = useKeysetPages(fetchPage);
  const [details, setDetails] = useState<AuditEvent | null>(null);

  return (
    <>
      <Flex alignItems="center" justifyContent="space-between" mb={4}>
        <H1>Audit Log</H1>
        <Flex alignItems="center">
          <Box width={200}>
            <Select
              aria-label="Time range"
              value={range.preset}
              onChange={(preset) =>
                preset === 'custom'
                  ? setRange({ ...range, preset: 'custom' })
                  : setRange(presetRange(preset as Exclude<RangePreset, 'custom'>))
              }
              options={Object.entries(rangePresetLabels).map(([value, label]) => ({ value, label }))}
            />
          </Box>
          {range.preset === 'custom' ? <CustomRange range={range} onChange={setRange} /> : null}
        </Flex>
      </Flex>
      {error ? <Alert>{error}</Alert> : null}
      <DataTable<AuditEvent>
        linkAs={Link}
        label="Audit Log"
        data={events}
        rowKey={(e) => e.id}
        isSearchable
        initialSort={{ fieldName: 'time', dir: 'DESC' }}
        fetchStatus={status === 'loading' ? 'loading' : ''}
        emptyState={
          <EmptyState
            icon={Icons.Audit}
            title="No Events Found"
            description="Nothing was recorded in this time range. Choose a longer one to see earlier events."
          />
        }
        columns={[
          {
            key: 'codeDesc',
            headerText: 'Type',
            isSortable: true,
            noWrap: true,
            render: (e) => (
              <Flex alignItems="center" gap={2}>
                <Flex as="span" color={isFailureEvent(e) ? 'danger.main' : 'text.muted'}>
                  <Icon icon={eventIcon(e)} />
                </Flex>
                {e.codeDesc}
              </Flex>
            ),
          },
          { key: 'message', headerText: 'Description' },
          {
            key: 'time',
            headerText: 'Created (UTC)',
            isSortable: true,
            noWrap: true,
            render: (e) => displayDateTime(e.time),
          },
        ]}
        rowActions={(e) => {
          const play = eventPlayerPath(clusterId, e);
          return [{ label: 'Details…', onSelect: () => setDetails(e) }, ...(play ? [{ label: 'Play', to: play }] : [])];
        }}
        fetchMore={{ onFetchMore: () => void fetchMore(), hasMore }}
      />
      {details ? <EventDetailsDialog event={details} onClose={() => setDetails(null)} /> : null}
    </>
  );
}
