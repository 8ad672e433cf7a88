import {
  Alert,
  Button,
  Field,
  Flex,
  Icon,
  Icons,
  Select,
  type StepProps,
  Text,
  useTheme,
} from '@portcullis/design';
import { type ConnectionDiagnostic, DiscoverEventStatus, type UserTraits } from '@portcullis/shared';
import { useState } from 'react';
import { useAttempt } from '../../useAttempt';
import { traitLabels } from '../users/traitFields';
import { type TestPrincipals, testConnection } from './discoverService';
import { StepFrame } from './StepFrame';
import { stepTitles } from './steps';
import { useWizard } from './wizard';

/** The single principal each kind's test is made as; Kubernetes groups are all sent, as the user's requests would carry them. */
const testedTraits = {
  server: ['logins'],
  database: ['databaseUsers', 'databaseNames'],
  kubernetes: ['kubeUsers'],
  app: [],
  desktop: [],
} as const satisfies Record<string, (keyof UserTraits)[]>;

/** Runs the gateway's connection test as the chosen principals and shows each of its steps, with a Retry. */
export function TestConnection(step: StepProps) {
  const { choice, clusterId, progress, report } = useWizard();
  const kind = choice?.kind ?? 'server';
  const resource = progress.resource!;
  const offered = (t: keyof UserTraits) =>
    [...new Set([...(progress.principals?.[t] ?? []), ...(resource.granted[t] ?? [])])].filter(
      (v) => v !== '*',
    );
  const [picked, setPicked] = useState<Partial<Record<keyof UserTraits, string>>>(() =>
    Object.fromEntries(testedTraits[kind].map((t) => [t, offered(t)[0] ?? ''])),
  );
  const [result, setResult] = useState<ConnectionDiagnostic>();
  const { busy, error, run } = useAttempt();

  const principals: TestPrincipals = {
    login: picked.logins,
    databaseUser: picked.databaseUsers,
    databaseName: picked.databaseNames,
    kubeUser: picked.kubeUsers,
    kubeGroups: offered('kubeGroups'),
  };
  const test = () =>
    run(async () => {
      const diagnostic = await testConnection(kind, clusterId, resource, principals);
      setResult(diagnostic);
      report('test', diagnostic.success ? DiscoverEventStatus.Success : DiscoverEventStatus.Error);
    });

  return (
    <StepFrame
      title={stepTitles.test}
      step={step}
      onNext={() => {
        // A passed test was reported when it passed; moving on without one skips the step.
        if (!result?.success) report('test', DiscoverEventStatus.Skipped);
        step.next();
      }}
    >
      <Text
        mb={3}
      >{`Try ${resource.name} through the gateway as you will use it: each check says what to fix if it fails.`}</Text>
      {testedTraits[kind].map((t) => (
        <Field key={t} label={traitLabels[t].replace(/s$/, '')}>
          {({ id, describedBy }) => (
            <Select
              id={id}
              aria-describedby={describedBy}
              value={picked[t] ?? null}
              onChange={(v) => setPicked((old) => ({ ...old, [t]: v }))}
              isCreatable
              options={offered(t).map((v) => ({ value: v, label: v }))}
            />
          )}
        </Field>
      ))}
      {error ? <Alert>{`The test could not run: ${error}`}</Alert> : null}
      <Button kind="border" onClick={() => void test()} loading={busy}>
        {result ? 'Retry' : 'Test connection'}
      </Button>
      {result ? <Traces diagnostic={result} /> : null}
    </StepFrame>
  );
}

function Traces({ diagnostic }: { diagnostic: ConnectionDiagnostic }) {
  const { colors } = useTheme().theme;
  return (
    <>
      <Flex as="ol" aria-label="Connection test" flexDirection="column" gap={2} mt={3} mb={3} pl={0}>
        {diagnostic.traces.map((t, i) => (
          <Flex as="li" key={i} gap={2} alignItems="flex-start">
            {/* A long error wraps beside the icon, which keeps its size. */}
            <Flex flexShrink={0}>
              {t.status === 'success' ? (
                <Icon icon={Icons.CheckCircle} color={colors.success.main} title="Passed" />
              ) : (
                <Icon icon={Icons.XCircle} color={colors.danger.main} title="Failed" />
              )}
            </Flex>
            <div>
              <Text>{t.details}</Text>
              {t.status === 'success' ? null : <Text color="danger.text">{t.error}</Text>}
            </div>
          </Flex>
        ))}
      </Flex>
      {diagnostic.success ? <Alert kind="success">The connection works.</Alert> : null}
    </>
  );
}
