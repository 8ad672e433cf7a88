import { Alert, Box, DataTable, Flex, H1, Select } from '@portcullis/design';
import { displayDateTime, type AuditEvent } from '@portcullis/shared';
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { auditRangeAtom, fetchEvents } from './auditAtoms';
import { presetRange, rangePresetLabels, type RangePreset } from './auditRange';
import { CustomRange } from './CustomRange';
import { EventDetailsDialog } from './EventDetailsDialog';

/** The audit log: a time range, then the events with their catalogue messages, more pages on demand. */
export default function AuditPage() {
  const { clusterId = '' } = useParams();
  const [range, setRange] = useAtom(auditRangeAtom);
  const [events, setEvents] = useState<AuditEvent[]>([]);
  const [startKey, setStartKey] = useState('');
  const [status, setStatus] = useState<'loading' | 'ready' | 'more'>('loading');
  const [error, setError] = useState('');
  const [details, setDetails] = useState<AuditEvent | null>(null);

  useEffect(() => {
    let current = true;
    setStatus('loading');
    setError('');
    fetchEvents(clusterId, range)
      .then((page) => {
        if (!current) return;
        setEvents(page.events);
        setStartKey(page.startKey);
      })
      .catch((err: Error) => current && setError(err.message))
      .finally(() => current && setStatus('ready'));
    return () => {
      current = false;
    };
  }, [clusterId, range]);

  const fetchMore = async () => {
    setStatus('more');
    try {
      const page = await fetchEvents(clusterId, range, startKey);
      setEvents((all) => [...all, ...page.events]);
      setStartKey(page.startKey);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setStatus('ready');
    }
  };

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
        label="Audit Log"
        data={events}
        rowKey={(e) => e.id}
        isSearchable
        initialSort={{ fieldName: 'time', dir: 'DESC' }}
        fetchStatus={status === 'loading' ? 'loading' : ''}
        emptyText="No Events Found"
        columns={[
          { key: 'codeDesc', headerText: 'Type', isSortable: true },
          { key: 'message', headerText: 'Description' },
          {
            key: 'time',
            headerText: 'Created (UTC)',
            isSortable: true,
            render: (e) => displayDateTime(e.time),
          },
        ]}
        rowActions={(e) => [{ label: 'Details…', onSelect: () => setDetails(e) }]}
        fetchMore={{ onFetchMore: () => void fetchMore(), hasMore: startKey !== '' && status !== 'more' }}
      />
      {details ? <EventDetailsDialog event={details} onClose={() => setDetails(null)} /> : null}
    </>
  );
}
