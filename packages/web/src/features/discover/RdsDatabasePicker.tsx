import {
  Alert,
  Box,
  Button,
  DataTable,
  Field,
  FieldInput,
  Indicator,
  Label,
  Link,
  Radio,
  requiredPattern,
  Select,
  Text,
  useCursorPagination,
  Validation,
} from '@portcullis/design';
import { type AwsRdsDatabaseJson, type AwsRdsEngine, compilePath, webRoutes } from '@portcullis/shared';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { awsRegionPattern, fetchAwsOidcIntegrations, listRdsDatabases } from './awsRds';
import { useEnrolDatabase } from './useEnrolDatabase';
import { useWizard } from './wizard';

const regionRule = requiredPattern(awsRegionPattern, 'Enter an AWS region, like us-east-1');

/** Enrolling an integration from here brings the user back to this step (the run is kept in local storage). */
const enrolIntegrationPath =
  compilePath(webRoutes.integrationEnroll, { type: 'aws-oidc' }) + '?from=discover';

type Integrations = { names: string[]; error: string; loading: boolean };
type Listing = { integration: string; region: string; attempt: number };

/**
 * An RDS database is picked, not typed in: the gateway lists a region's databases of the choice's engines
 * through an AWS OIDC integration, and the one chosen is enrolled like a typed-in one, with the token's resource
 * id among its labels.
 */
export function RdsDatabasePicker({ engines, resourceId }: { engines: AwsRdsEngine[]; resourceId: string }) {
  const { clusterId, acl } = useWizard();
  const mayUse = acl.integrations.use;
  const [integrations, setIntegrations] = useState<Integrations>({ names: [], error: '', loading: true });
  const [integration, setIntegration] = useState<string | null>(null);
  const [region, setRegion] = useState('us-east-1');
  const [listing, setListing] = useState<Listing | null>(null);
  const [chosen, setChosen] = useState<AwsRdsDatabaseJson | null>(null);
  const { busy, error, enrol } = useEnrolDatabase(resourceId);

  useEffect(() => {
    if (!mayUse) return;
    let current = true;
    fetchAwsOidcIntegrations(clusterId).then(
      (names) => {
        if (!current) return;
        setIntegrations({ names, error: '', loading: false });
        setIntegration(names[0] ?? null);
      },
      (err: unknown) =>
        current &&
        setIntegrations({
          names: [],
          error: err instanceof Error ? err.message : String(err),
          loading: false,
        }),
    );
    return () => {
      current = false;
    };
  }, [clusterId, mayUse]);

  if (!mayUse) {
    return (
      <Alert kind="info">
        Listing RDS databases uses an AWS OIDC integration, which your roles do not allow (the verb use on
        integration). Ask an administrator, or enrol the database as a self-hosted one.
      </Alert>
    );
  }
  if (integrations.loading) return <Indicator label="Loading integrations" />;
  if (integrations.error) return <Alert>{`Could not list the integrations: ${integrations.error}`}</Alert>;
  if (integrations.names.length === 0) {
    return (
      <>
        <Text mb={2}>
          The gateway lists your RDS databases through an AWS OIDC integration, and there is none yet.
        </Text>
        <Link as={RouterLink} to={enrolIntegrationPath}>
          Enroll an AWS OIDC integration
        </Link>
      </>
    );
  }

  const list = (e: FormEvent, validate: () => boolean) => {
    e.preventDefault();
    if (!integration || !validate()) return;
    setChosen(null);
    setListing((l) => ({ integration, region, attempt: (l?.attempt ?? 0) + 1 }));
  };

  return (
    <>
      <Text mb={2}>
        Choose the RDS database to enrol: the gateway reads them from AWS as the integration’s role. The agent
        you install next serves it.
      </Text>
      <Validation>
        {({ validate }) => (
          <form onSubmit={(e) => list(e, validate)} noValidate aria-label="Find RDS databases">
            <Field label="Integration">
              {({ id, describedBy }) => (
                <Select
                  id={id}
                  aria-describedby={describedBy}
                  value={integration}
                  onChange={setIntegration}
                  options={integrations.names.map((name) => ({ value: name, label: name }))}
                />
              )}
            </Field>
            <FieldInput label="Region" value={region} onChange={setRegion} rule={regionRule} />
            <Button type="submit" kind="secondary">
              List databases
            </Button>
          </form>
        )}
      </Validation>
      {listing ? (
        <>
          <Box my={3}>
            <RdsDatabases
              // Each listing reads AWS afresh, from its first page.
              key={`${listing.integration}/${listing.region}/${listing.attempt}`}
              clusterId={clusterId}
              listing={listing}
              engines={engines}
              chosen={chosen}
              onChoose={setChosen}
            />
          </Box>
          {error ? <Alert>{error}</Alert> : null}
          <Button
            disabled={!chosen}
            loading={busy}
            onClick={() =>
              chosen &&
              void enrol({
                name: chosen.name,
                uri: chosen.uri,
                protocol: chosen.protocol,
                labels: chosen.labels,
                description: '',
                type: 'rds',
              })
            }
          >
            Enrol database
          </Button>
        </>
      ) : null}
    </>
  );
}

/** The gateway asks AWS for RDS's largest page, so a page holds up to this many (fewer once filtered). */
const rdsPageSize = 100;

function RdsDatabases({
  clusterId,
  listing,
  engines,
  chosen,
  onChoose,
}: {
  clusterId: string;
  listing: Listing;
  engines: AwsRdsEngine[];
  chosen: AwsRdsDatabaseJson | null;
  onChoose: (db: AwsRdsDatabaseJson) => void;
}) {
  const radioName = useId();
  const { integration, region } = listing;
  const fetchPage = useCallback(
    async (nextToken: string | undefined) => {
      const page = await listRdsDatabases(clusterId, integration, {
        region,
        engines,
        ...(nextToken && { nextToken }),
      });
      return { items: page.databases, startKey: page.nextToken };
    },
    [clusterId, integration, region, engines],
  );
  const { items, fetchStatus, error, paging, reload } = useCursorPagination(fetchPage, rdsPageSize);
  return (
    <DataTable<AwsRdsDatabaseJson>
      label="RDS databases"
      data={items}
      rowKey={(db) => db.name}
      fetchStatus={fetchStatus}
      errorText={error}
      onRetry={() => void reload()}
      serverPaging={paging.hasNext || paging.hasPrev ? paging : undefined}
      emptyText={`No ${engines.join(', ')} databases in ${region}`}
      columns={[
        {
          key: 'name',
          headerText: 'Name',
          // The wizard's card is narrow: the engine goes under the name rather than in a column of its own.
          render: (db) => (
            <>
              <Radio
                name={radioName}
                label={db.name}
                checked={chosen?.name === db.name}
                onChange={() => onChoose(db)}
              />
              <Text muted>{db.engine}</Text>
            </>
          ),
        },
        { key: 'uri', headerText: 'Endpoint', render: (db) => db.uri.replace(/^\w+:\/\//, '') },
        {
          key: 'status',
          headerText: 'Status',
          render: (db) => <Label kind={db.status === 'available' ? 'success' : 'neutral'}>{db.status}</Label>,
        },
      ]}
    />
  );
}
