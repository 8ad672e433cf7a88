// The console's business constants and limits, including the timings the session rules use.

/** Renew the bearer token once fewer than this many seconds remain. */
export const TOKEN_RENEWAL_THRESHOLD_SECONDS = 180;
/** How often the status and token checks run. */
export const SESSION_CHECK_INTERVAL_MS = 15_000;
/** The status check runs only while more than this much of the token remains. */
export const STATUS_CHECK_MIN_TIME_LEFT_MS = 30_000;
/** How often inactivity is checked. */
export const INACTIVITY_CHECK_INTERVAL_MS = 30_000;
/** Logout happens when idle longer than the server's timeout minus this margin. */
export const INACTIVITY_MARGIN_MS = 30_000;
/** Activity events are recorded at most this often. */
export const ACTIVITY_THROTTLE_MS = 15_000;
export const DEFAULT_SCROLLBACK_LINES = 1000;
/** Events and recordings are fetched this many at a time. */
export const EVENTS_FETCH_LIMIT = 5000;
/** Audit query text is cut to this many characters. */
export const AUDIT_QUERY_MAX_LENGTH = 80;
export const DEFAULT_JOIN_METHOD = 'token';

export const DATE_TIME_FORMAT = 'yyyy-MM-dd HH:mm:ss';
export const DATE_FORMAT = 'yyyy-MM-dd';
export const SHORT_DATE_FORMAT = 'MMM dd, yyyy';
/** The same formats as the server's config spells them. */
export const CONFIG_DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const CONFIG_DATE_FORMAT = 'YYYY-MM-DD';

/** Call-to-action ids reported by telemetry. */
export const CtaEvent = {
  CTA_UNSPECIFIED: 0,
  CTA_AUTH_CONNECTOR: 1,
  CTA_ACTIVE_SESSIONS: 2,
  CTA_ACCESS_REQUESTS: 3,
  CTA_PREMIUM_SUPPORT: 4,
  CTA_TRUSTED_DEVICES: 5,
  CTA_UPGRADE_BANNER: 6,
} as const;

export const DiscoverEventStatus = {
  Success: 'DISCOVER_STATUS_SUCCESS',
  Skipped: 'DISCOVER_STATUS_SKIPPED',
  Error: 'DISCOVER_STATUS_ERROR',
  Aborted: 'DISCOVER_STATUS_ABORTED',
} as const;

/** What the enroll wizard can add. */
export const DiscoverResourceKind = {
  Server: 'DISCOVER_RESOURCE_SERVER',
  Kubernetes: 'DISCOVER_RESOURCE_KUBERNETES',
  DatabasePostgresSelfHosted: 'DISCOVER_RESOURCE_DATABASE_POSTGRES_SELF_HOSTED',
  DatabaseMysqlSelfHosted: 'DISCOVER_RESOURCE_DATABASE_MYSQL_SELF_HOSTED',
  DatabaseMongodbSelfHosted: 'DISCOVER_RESOURCE_DATABASE_MONGODB_SELF_HOSTED',
  DatabasePostgresRds: 'DISCOVER_RESOURCE_DATABASE_POSTGRES_RDS',
  DatabaseMysqlRds: 'DISCOVER_RESOURCE_DATABASE_MYSQL_RDS',
  DatabaseSqlServerSelfHosted: 'DISCOVER_RESOURCE_DATABASE_SQLSERVER_SELF_HOSTED',
  DatabaseRedisSelfHosted: 'DISCOVER_RESOURCE_DATABASE_REDIS_SELF_HOSTED',
  ApplicationHttp: 'DISCOVER_RESOURCE_APPLICATION_HTTP',
  ApplicationTcp: 'DISCOVER_RESOURCE_APPLICATION_TCP',
  WindowsDesktop: 'DISCOVER_RESOURCE_WINDOWS_DESKTOP',
} as const;

/** Telemetry event names of the enroll wizard's steps. */
export const DiscoverEvent = {
  Started: 'tp.ui.discover.started',
  ResourceSelection: 'tp.ui.discover.resourceSelection',
  DeployService: 'tp.ui.discover.deployService',
  DatabaseRegister: 'tp.ui.discover.database.register',
  PrincipalsConfigure: 'tp.ui.discover.principals.configure',
  TestConnection: 'tp.ui.discover.testConnection',
  Completed: 'tp.ui.discover.completed',
} as const;

/** A label with this name marks the internal resource id a join token waits for. */
export const INTERNAL_RESOURCE_ID_LABEL = 'portcullis.internal/resource-id';
