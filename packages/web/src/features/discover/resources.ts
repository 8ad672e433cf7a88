import type { EnrolledProtocol } from '@portcullis/console-kit';
import { apiPaths, type AwsRdsEngine, DiscoverResourceKind, type UserTraits } from '@portcullis/shared';

/** The kinds of resource an agent serves; each waits on its own list and is tested (or not) its own way. */
export type ResourceKind = 'server' | 'app' | 'database' | 'kubernetes' | 'desktop';

/** One tile of the first step: what the user enrols, and how the wizard's telemetry names it. */
export interface ResourceChoice {
  id: string;
  title: string;
  kind: ResourceKind;
  telemetry: (typeof DiscoverResourceKind)[keyof typeof DiscoverResourceKind];
  /** A database's protocol, for the enrolment form's URI hint. */
  protocol?: EnrolledProtocol;
  /** An application's scheme: http(s) apps open in the browser, tcp apps through `portcullis proxy app`. */
  appScheme?: 'http' | 'tcp';
  /**
   * A database hosted in AWS: picked from those RDS lists through an AWS OIDC integration (instead of typed
   * in), among the engines that speak its protocol.
   */
  aws?: { service: 'rds'; engines: AwsRdsEngine[] };
}

/**
 * What this gateway can enrol: the database protocols its agent speaks (self-hosted, or RDS found through an
 * integration), apps over HTTP or TCP, and desktops behind an agent.
 */
export const resourceChoices: ResourceChoice[] = [
  { id: 'server', title: 'Linux server', kind: 'server', telemetry: DiscoverResourceKind.Server },
  {
    id: 'app-http',
    title: 'Web application (HTTP)',
    kind: 'app',
    telemetry: DiscoverResourceKind.ApplicationHttp,
    appScheme: 'http',
  },
  {
    id: 'app-tcp',
    title: 'TCP application',
    kind: 'app',
    telemetry: DiscoverResourceKind.ApplicationTcp,
    appScheme: 'tcp',
  },
  {
    id: 'postgres',
    title: 'PostgreSQL',
    kind: 'database',
    telemetry: DiscoverResourceKind.DatabasePostgresSelfHosted,
    protocol: 'postgres',
  },
  {
    id: 'mysql',
    title: 'MySQL / MariaDB',
    kind: 'database',
    telemetry: DiscoverResourceKind.DatabaseMysqlSelfHosted,
    protocol: 'mysql',
  },
  {
    id: 'rds-postgres',
    title: 'Amazon RDS PostgreSQL',
    kind: 'database',
    telemetry: DiscoverResourceKind.DatabasePostgresRds,
    protocol: 'postgres',
    aws: { service: 'rds', engines: ['postgres', 'aurora-postgresql'] },
  },
  {
    id: 'rds-mysql',
    title: 'Amazon RDS MySQL / MariaDB',
    kind: 'database',
    telemetry: DiscoverResourceKind.DatabaseMysqlRds,
    protocol: 'mysql',
    aws: { service: 'rds', engines: ['mysql', 'mariadb', 'aurora-mysql'] },
  },
  {
    id: 'redis',
    title: 'Redis',
    kind: 'database',
    telemetry: DiscoverResourceKind.DatabaseRedisSelfHosted,
    protocol: 'redis',
  },
  {
    id: 'kubernetes',
    title: 'Kubernetes cluster',
    kind: 'kubernetes',
    telemetry: DiscoverResourceKind.Kubernetes,
  },
  {
    id: 'windows-desktop',
    title: 'Windows desktop',
    kind: 'desktop',
    telemetry: DiscoverResourceKind.WindowsDesktop,
  },
];

export const choiceById = (id: string | undefined): ResourceChoice | undefined =>
  resourceChoices.find((c) => c.id === id);

/** The list each kind arrives in; the wizard polls it for the join token's resource id. */
export const resourceListPaths: Record<ResourceKind, string> = {
  server: apiPaths.nodes,
  app: apiPaths.apps,
  database: apiPaths.databases,
  kubernetes: apiPaths.kubernetes,
  desktop: apiPaths.desktops,
};

/** The connection test's resource_kind; desktops have no connection test. */
export const diagnosticKinds: Record<ResourceKind, 'node' | 'app' | 'db' | 'kube_cluster' | undefined> = {
  server: 'node',
  app: 'app',
  database: 'db',
  kubernetes: 'kube_cluster',
  desktop: undefined,
};

/** The user traits that give a person their principals on each kind: what Set Up Access edits. */
export const accessTraits: Record<ResourceKind, (keyof UserTraits)[]> = {
  server: ['logins'],
  app: [],
  database: ['databaseUsers', 'databaseNames'],
  kubernetes: ['kubeUsers', 'kubeGroups'],
  desktop: [],
};
