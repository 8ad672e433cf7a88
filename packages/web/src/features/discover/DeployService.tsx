import {
  Alert,
  Button,
  CodeBlock,
  FieldInput,
  Indicator,
  requiredField,
  requiredPattern,
  type StepProps,
  Text,
  Validation,
} from '@portcullis/design';
import { displayDateTime } from '@portcullis/shared';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useAttempt } from '../../useAttempt';
import { databaseUriRule, labelsRule, parseLabels, uriExamples } from '../databases/enrolment';
import {
  agentCommand,
  appNamePattern,
  appUriPatterns,
  installAppCommand,
  installDatabaseCommand,
  installNodeCommand,
} from './commands';
import { createJoinToken } from './discoverService';
import { RdsDatabasePicker } from './RdsDatabasePicker';
import { StepFrame } from './StepFrame';
import { stepTitles } from './steps';
import { useEnrolDatabase } from './useEnrolDatabase';
import { useWizard } from './wizard';

/** Creates the join token (again once it expired) and shows the one command that enrols the resource with it. */
export function DeployService(step: StepProps) {
  const { choice, progress, update } = useWizard();
  const { token } = progress;
  const { error, run } = useAttempt();
  const expired = token !== undefined && Date.parse(token.expiry) <= Date.now();

  const create = useCallback(
    () => run(async () => update({ token: await createJoinToken() })),
    [run, update],
  );
  // A token is made when the step opens without a usable one; after a failure, Retry makes it.
  const needsToken = !token || expired;
  useEffect(() => {
    if (needsToken) void create();
  }, [needsToken, create]);

  const ready = token !== undefined && !expired;
  const needsDatabase = choice?.kind === 'database' && !progress.database;
  return (
    <StepFrame
      title={stepTitles.deploy}
      step={step}
      nextLabel="I ran the command"
      nextDisabled={!ready || needsDatabase}
      onNext={step.next}
    >
      {error ? (
        <Alert
          action={
            <Button kind="secondary" onClick={() => void create()}>
              Retry
            </Button>
          }
        >{`Could not create a join token: ${error}`}</Alert>
      ) : null}
      {ready ? (
        <>
          <Command token={token} />
          <Text typography="body3" muted mt={2}>
            {`The join token in this command is valid until ${displayDateTime(new Date(token.expiry))}.`}
          </Text>
        </>
      ) : error ? null : (
        <Indicator label="Creating a join token" />
      )}
    </StepFrame>
  );
}

/** The command for the chosen kind, after what it needs to know (an app's address, a database's enrolment). */
function Command({ token }: { token: NonNullable<ReturnType<typeof useWizard>['progress']['token']> }) {
  const { choice, origin, progress } = useWizard();
  switch (choice?.kind) {
    case 'server':
      return (
        <>
          <Text mb={2}>
            Run this on the Linux server you want to add. It installs the agent, which joins this cluster as a
            node.
          </Text>
          <CodeBlock code={installNodeCommand(origin, token.id)} copyLabel="Copy command" />
        </>
      );
    case 'app':
      return <AppCommand token={token.id} scheme={choice.appScheme ?? 'http'} />;
    case 'database':
      return progress.database ? (
        <>
          <Text
            mb={2}
          >{`Run this on a host that reaches ${progress.database}. Its agent serves the database you enrolled.`}</Text>
          <CodeBlock code={installDatabaseCommand(origin, token.id)} copyLabel="Copy command" />
        </>
      ) : choice.aws ? (
        <RdsDatabasePicker engines={choice.aws.engines} resourceId={token.resourceId} />
      ) : (
        <EnrolDatabase protocol={choice.protocol ?? 'postgres'} resourceId={token.resourceId} />
      );
    case 'kubernetes':
      return (
        <>
          <Text mb={2}>
            Kubernetes clusters have no install script: run the agent on a host with a kubeconfig for the
            cluster, naming the cluster and its kubeconfig.
          </Text>
          <CodeBlock
            code={agentCommand(origin, token, '--kube NAME=/path/to/kubeconfig')}
            copyLabel="Copy command"
          />
        </>
      );
    default:
      return (
        <>
          <Alert kind="info">
            An agent serves desktops with its --desktop NAME=vnc://… or NAME=rdp://… flags. The Active
            Directory discovery scripts are not available in this gateway.
          </Alert>
          <Text mb={2}>Run the agent on a host that reaches the desktop, naming it and its address:</Text>
          <CodeBlock
            code={agentCommand(origin, token, '--desktop NAME=rdp://HOST:3389')}
            copyLabel="Copy command"
          />
        </>
      );
  }
}

function AppCommand({ token, scheme }: { token: string; scheme: 'http' | 'tcp' }) {
  const { origin } = useWizard();
  const [name, setName] = useState('');
  const [uri, setUri] = useState('');
  const valid = appNamePattern.test(name) && appUriPatterns[scheme].test(uri);
  return (
    <Validation>
      <Text mb={2}>
        Name the application and say where the agent reaches it; run the command on a host that reaches it.
      </Text>
      <FieldInput
        label="Name"
        value={name}
        onChange={setName}
        helperText="Lower-case letters, digits and dashes: it becomes the app's address"
        rule={requiredPattern(appNamePattern, 'Use lower-case letters, digits and dashes')}
      />
      <FieldInput
        label="URI"
        value={uri}
        onChange={setUri}
        placeholder={scheme === 'http' ? 'http://localhost:8080' : 'tcp://localhost:5432'}
        rule={requiredPattern(
          appUriPatterns[scheme],
          scheme === 'http' ? 'Enter http(s)://HOST:PORT' : 'Enter tcp://HOST:PORT',
        )}
      />
      {valid ? (
        <CodeBlock code={installAppCommand(origin, token, { name, uri })} copyLabel="Copy command" />
      ) : (
        <Text muted>The command appears once the name and URI are valid.</Text>
      )}
    </Validation>
  );
}

/** The database is enrolled first, with the token's resource id among its labels, so the token's agent serves it. */
function EnrolDatabase({ protocol, resourceId }: { protocol: keyof typeof uriExamples; resourceId: string }) {
  const [name, setName] = useState('');
  const [uri, setUri] = useState('');
  const [labels, setLabels] = useState('');
  const { busy, error, enrol } = useEnrolDatabase(resourceId);

  const submit = (e: FormEvent, validate: () => boolean) => {
    e.preventDefault();
    if (!validate()) return;
    void enrol({
      name: name.trim(),
      protocol,
      uri: uri.trim(),
      labels: parseLabels(labels) ?? [],
      description: '',
    });
  };

  return (
    <Validation>
      {({ validate }) => (
        <form onSubmit={(e) => submit(e, validate)} noValidate aria-label="Enrol the database">
          <Text mb={2}>First enrol the database: the agent you install next serves it.</Text>
          {error ? <Alert>{error}</Alert> : null}
          <FieldInput
            label="Name"
            value={name}
            onChange={setName}
            rule={requiredField('Name the database')}
          />
          <FieldInput
            label="URI"
            value={uri}
            onChange={setUri}
            placeholder={uriExamples[protocol]}
            helperText="Where the agent reaches the database"
            rule={databaseUriRule}
          />
          <FieldInput
            label="Labels"
            value={labels}
            onChange={setLabels}
            placeholder="env=prod, team=ops"
            helperText="Roles grant access by these"
            rule={labelsRule}
          />
          <Button type="submit" loading={busy}>
            Enrol database
          </Button>
        </form>
      )}
    </Validation>
  );
}
