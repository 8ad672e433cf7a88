import { Alert, DataTable, Indicator, Text } from '@portcullis/design';
import type { DatabaseResult, Outcome } from './consoleHistory';

type Row = { key: string; values: Array<string | null> };

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const durationLabel = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);

/** A value as the table shows it: NULL is not the text 'NULL', so it reads differently. */
function Value({ value }: { value: string | null }) {
  if (value !== null) return <>{value}</>;
  return (
    <Text as="span" color="text.muted" fontStyle="italic" aria-label="NULL value">
      NULL
    </Text>
  );
}

function ResultTable({ result, label }: { result: DatabaseResult; label: string }) {
  const rows: Row[] = result.rows.map((values, i) => ({ key: String(i), values }));
  return (
    <DataTable<Row>
      label={label}
      data={rows}
      rowKey={(r) => r.key}
      // Keyed by position: a result may name two columns alike (SELECT 1, 1).
      columns={result.columns.map((name, i) => ({
        key: `c${i}`,
        headerText: name,
        render: (r) => <Value value={r.values[i] ?? null} />,
      }))}
      pageSize={result.rows.length > 50 ? 50 : undefined}
      emptyText="No rows"
    />
  );
}

/** What became of one statement: its rows and the server's summary, the database's error, or nothing yet. */
export function StatementOutcome({ outcome, label }: { outcome?: Outcome; label: string }) {
  if (!outcome) return <Indicator delay="none" size="small" label="Running" />;
  if (outcome.kind === 'error') return <Alert kind="danger">{outcome.message}</Alert>;
  if (outcome.kind === 'unanswered')
    return <Alert kind="warning">No answer: the connection closed while the statement ran.</Alert>;
  const { result } = outcome;
  return (
    <>
      {result.columns.length ? <ResultTable result={result} label={label} /> : null}
      {result.truncated ? (
        <Alert kind="warning" mt={2}>
          Only the first {plural(result.rows.length, 'row')} are shown.
        </Alert>
      ) : null}
      <Text typography="body3" color="text.muted" mt={1}>
        {[result.command, plural(result.rowCount, 'row'), durationLabel(result.durationMs)]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </>
  );
}
