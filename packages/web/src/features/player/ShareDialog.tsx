import { formatPlayhead, parsePlayhead } from '@portcullis/console-kit';
import {
  Alert,
  Box,
  Button,
  CopyButton,
  DataTable,
  Dialog,
  Field,
  FieldInput,
  Flex,
  H3,
  Input,
  type Rule,
  Select,
  Text,
  Validation,
} from '@portcullis/design';
import {
  type CreatedRecordingShareJson,
  type CreateRecordingShareRequest,
  displayDateTime,
  recordingShareDefaultTtl,
  type RecordingShareJson,
} from '@portcullis/shared';
import { type FormEvent, useState } from 'react';

export interface ShareDialogProps {
  onClose(): void;
  /** The playhead, for "from the current position". */
  position: number;
  /** The recording's length, which a range may not pass. */
  duration: number;
  shares: RecordingShareJson[];
  /** The link just made, shown this once. */
  created: CreatedRecordingShareJson | null;
  busy: boolean;
  error: string;
  onCreate(request: CreateRecordingShareRequest): void;
  onRevoke(id: string): void;
  /** The clock the links' expiry is compared with; tests and stories pin it. */
  now?: number;
}

export const shareLifetimes = [
  { value: '1h', label: '1 hour' },
  { value: '24h', label: '24 hours' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
];

/** An optional m:ss within the recording. */
const momentRule =
  (duration: number): Rule =>
  (text) => {
    if (text.trim() === '') return { valid: true };
    const ms = parsePlayhead(text);
    if (ms === undefined) return { valid: false, message: 'Enter a time as m:ss' };
    if (duration && ms > duration) return { valid: false, message: `The recording ends at ${formatPlayhead(duration)}` };
    return { valid: true };
  };

/** Share links to a recording: make one (for a time, optionally of a part of it), see and revoke the others. */
export function ShareDialog({ onClose, position, duration, shares, created, busy, error, onCreate, onRevoke, now = Date.now() }: ShareDialogProps) {
  const [expiresIn, setExpiresIn] = useState(recordingShareDefaultTtl);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const fromMs = parsePlayhead(from);
  const toMs = parsePlayhead(to);
  const toRule: Rule = (text) => {
    const moment = momentRule(duration)(text);
    if (!moment.valid || toMs === undefined || fromMs === undefined || toMs > fromMs) return moment;
    return { valid: false, message: 'The end must come after the start' };
  };

  const submit = (e: FormEvent, validate: () => boolean) => {
    e.preventDefault();
    if (!validate()) return;
    onCreate({ expiresIn, ...(fromMs !== undefined && { fromMs }), ...(toMs !== undefined && { toMs }) });
  };

  return (
    <Dialog open onClose={onClose} title="Share recording" width="auto" actions={<Button kind="secondary" onClick={onClose}>Done</Button>}>
      {error ? <Alert>{error}</Alert> : null}
      {created ? <CreatedLink share={created} /> : null}
      <Validation>
        {({ validate }) => (
          <form onSubmit={(e) => submit(e, validate)} noValidate aria-label="New share link">
            <Field label="Expires in">
              {({ id }) => (
                <Select id={id} value={expiresIn} onChange={setExpiresIn} options={shareLifetimes} />
              )}
            </Field>
            <Flex gap={3} alignItems="flex-start">
              <FieldInput label="From (m:ss)" value={from} onChange={setFrom} rule={momentRule(duration)} placeholder="start" />
              <FieldInput label="To (m:ss)" value={to} onChange={setTo} rule={toRule} placeholder="end" />
            </Flex>
            <Flex gap={3}>
              <Button type="button" kind="border" onClick={() => setFrom(formatPlayhead(position))}>
                From the current position ({formatPlayhead(position)})
              </Button>
              <Button type="submit" disabled={busy}>
                Create link
              </Button>
            </Flex>
          </form>
        )}
      </Validation>
      <Box mt={4}>
        <H3 mb={2}>Links</H3>
        <ShareList shares={shares} busy={busy} onRevoke={onRevoke} now={now} />
      </Box>
    </Dialog>
  );
}

function CreatedLink({ share }: { share: CreatedRecordingShareJson }) {
  return (
    <Alert kind="success">
      <Text mb={2}>
        Anyone with this link can watch the recording until {displayDateTime(share.expires)}. Copy it now: it is not shown again.
      </Text>
      <Flex alignItems="center" gap={2}>
        <Input readOnly value={share.url} aria-label="Share link" onFocus={(e) => e.target.select()} />
        <CopyButton value={share.url} label="Copy link" />
      </Flex>
    </Alert>
  );
}

const rangeText = (s: RecordingShareJson) =>
  s.fromMs === undefined && s.toMs === undefined ? 'All' : `${formatPlayhead(s.fromMs ?? 0)} – ${s.toMs === undefined ? 'end' : formatPlayhead(s.toMs)}`;

function ShareList({ shares, busy, onRevoke, now }: Pick<ShareDialogProps, 'shares' | 'busy' | 'onRevoke'> & { now: number }) {
  const live = (s: RecordingShareJson) => !s.revoked && Date.parse(s.expires) > now;
  return (
    <DataTable<RecordingShareJson>
      label="Share links"
      data={shares}
      rowKey={(s) => s.id}
      emptyText="No links yet"
      columns={[
        { key: 'created', headerText: 'Created', noWrap: true, render: (s) => `${displayDateTime(s.created)} by ${s.createdBy}` },
        { key: 'expires', headerText: 'Expires', noWrap: true, render: (s) => displayDateTime(s.expires) },
        { key: 'fromMs', headerText: 'Part', render: rangeText },
        { key: 'views', headerText: 'Views' },
        {
          key: 'id',
          headerText: 'State',
          render: (s) =>
            live(s) ? (
              <Button kind="warning" size="small" disabled={busy} aria-label={`Revoke the link made ${displayDateTime(s.created)}`} onClick={() => onRevoke(s.id)}>
                Revoke
              </Button>
            ) : (
              <Text typography="body2" muted>
                {s.revoked ? 'Revoked' : 'Expired'}
              </Text>
            ),
        },
      ]}
    />
  );
}
