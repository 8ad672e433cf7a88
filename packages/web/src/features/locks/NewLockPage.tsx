import {
  Alert,
  Button,
  Card,
  Field,
  FieldInput,
  Flex,
  H1,
  RadioGroup,
  Select,
  Validation,
  requiredField,
  useRule,
  type Rule,
} from '@portcullis/design';
import { webRoutes } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { webConfigAtom } from '../../config';
import { useAttempt } from '../../useAttempt';
import { fetchTargetOptions, lockActions, type TargetOption } from './locksApi';
import {
  isListed,
  kindLabels,
  offeredKinds,
  targetFromQuery,
  type ListedKind,
  type OfferedKind,
} from './lockTargets';

const targetRequired = requiredField('Choose what to lock');

// The gateway's duration grammar ("90s", "5m", "12h", "1h30m"), checked here so a typo is caught before the
// request; the gateway still has the last word and its refusal is shown as it words it.
const durationPattern = /^(\d+(\.\d+)?(ms|s|m|h|d))+$/;
const optionalDuration: Rule = (value) =>
  value.trim() === '' || durationPattern.test(value.trim())
    ? { valid: true }
    : { valid: false, message: 'Write a duration like 30m, 12h or 1h30m' };

const typedPlaceholders: Record<Exclude<OfferedKind, ListedKind>, string> = {
  login: 'e.g. root',
  mfa_device: 'The device’s id',
  access_request: 'The request’s id',
};

/** New Lock: one target (picked from the gateway's users, roles or nodes, or typed), a message and an expiry. */
export default function NewLockPage() {
  const [search] = useSearchParams();
  // A Lock action elsewhere names its target in the query; it only seeds the form, which is the user's after.
  const [prefill] = useState(() => targetFromQuery(search));
  const [kind, setKind] = useState<OfferedKind>(prefill?.kind ?? 'user');
  const [target, setTarget] = useState(prefill?.value ?? '');
  const [message, setMessage] = useState('');
  const [ttl, setTtl] = useState('');
  const { proxyCluster } = useAtomValue(webConfigAtom);
  const navigate = useNavigate();
  const { busy, error, run } = useAttempt();

  const submit = async (e: FormEvent, validate: () => boolean) => {
    e.preventDefault();
    if (!validate()) return;
    await run(async () => {
      await lockActions.create(proxyCluster, {
        targets: { [kind]: target.trim() },
        ...(message.trim() ? { message: message.trim() } : {}),
        ...(ttl.trim() ? { ttl: ttl.trim() } : {}),
      });
      navigate(webRoutes.locks);
    });
  };

  return (
    <>
      <H1 mb={4}>Create New Lock</H1>
      <Card>
        {error ? <Alert>{error}</Alert> : null}
        <Validation>
          {({ validate }) => (
            <form onSubmit={(e) => void submit(e, validate)} noValidate>
              <RadioGroup<OfferedKind>
                label="Target type"
                inline
                options={offeredKinds.map((k) => ({ value: k, label: kindLabels[k] }))}
                value={kind}
                onChange={(next) => {
                  setKind(next);
                  setTarget('');
                }}
              />
              {isListed(kind) ? (
                // Keyed by kind: another kind is another list, fetched afresh.
                <ListedTarget
                  key={kind}
                  kind={kind}
                  clusterId={proxyCluster}
                  value={target}
                  onChange={setTarget}
                />
              ) : (
                <FieldInput
                  key={kind}
                  label="Target"
                  value={target}
                  onChange={setTarget}
                  rule={targetRequired}
                  placeholder={typedPlaceholders[kind]}
                />
              )}
              <FieldInput
                label="Message"
                value={message}
                onChange={setMessage}
                placeholder="Why it is locked, shown to whoever it stops"
              />
              <FieldInput
                label="Expires in"
                value={ttl}
                onChange={setTtl}
                rule={optionalDuration}
                placeholder="30m, 12h"
                helperText="Leave empty to keep the lock until it is removed"
              />
              <Flex gap={2}>
                <Button type="submit" loading={busy}>
                  Create Lock
                </Button>
                <Button kind="secondary" onClick={() => navigate(webRoutes.locks)}>
                  Cancel
                </Button>
              </Flex>
            </form>
          )}
        </Validation>
      </Card>
    </>
  );
}

type Loaded = { options: TargetOption[]; totalCount: number; error: string; loading: boolean };

/**
 * The Target picker over the gateway's own list of users, roles or nodes. If the list cannot be read (the
 * user may lock but not list), the gateway's message is shown and the target can still be typed.
 */
function ListedTarget({
  kind,
  clusterId,
  value,
  onChange,
}: {
  kind: ListedKind;
  clusterId: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ options: [], totalCount: 0, error: '', loading: true });
  const error = useRule(targetRequired(value));

  useEffect(() => {
    const abort = new AbortController();
    fetchTargetOptions(kind, clusterId, abort.signal)
      .then((res) => setLoaded({ ...res, error: '', loading: false }))
      .catch((err: unknown) => {
        if (abort.signal.aborted) return;
        setLoaded({
          options: [],
          totalCount: 0,
          error: err instanceof Error ? err.message : String(err),
          loading: false,
        });
      });
    return () => abort.abort();
  }, [kind, clusterId]);

  if (loaded.error) {
    return (
      <>
        <Alert kind="warning">{loaded.error}</Alert>
        <FieldInput label="Target" value={value} onChange={onChange} rule={targetRequired} />
      </>
    );
  }
  const truncated = loaded.totalCount > loaded.options.length;
  return (
    <Field
      label="Target"
      error={error}
      helperText={
        truncated
          ? `The first ${loaded.options.length} of ${loaded.totalCount} nodes by hostname; type to filter them`
          : undefined
      }
    >
      {({ id, describedBy, hasError }) => (
        <Select
          id={id}
          aria-describedby={describedBy}
          hasError={hasError}
          isSearchable
          disabled={loaded.loading}
          placeholder={loaded.loading ? 'Loading…' : `Select a ${kindLabels[kind].toLowerCase()}`}
          value={value || null}
          onChange={onChange}
          options={loaded.options}
          noOptionsText={`No ${kindLabels[kind].toLowerCase()}s found`}
        />
      )}
    </Field>
  );
}
