import * as shared from './index';
import * as terminal from './terminal';

// The public API is pinned so that a change to it is deliberate. The terminal protocol (owned with the
// gateway's terminal) is pinned by its own module: the entry point must simply re-export all of it.
const pinned = [
  'ACTIVITY_THROTTLE_MS', 'AUDIT_QUERY_MAX_LENGTH', 'ApiError', 'AuditCategory', 'CONFIG_DATE_FORMAT',
  'CONFIG_DATE_TIME_FORMAT', 'CtaEvent', 'DATABASE_CONSOLE_MAX_ROWS', 'DESKTOP_CHUNK_HEADER_BYTES', 'DATE_FORMAT', 'DATE_TIME_FORMAT', 'DEFAULT_JOIN_METHOD',
  'DEFAULT_SCROLLBACK_LINES', 'DiscoverEvent', 'DiscoverEventStatus', 'DiscoverResourceKind', 'EVENTS_FETCH_LIMIT',
  'INACTIVITY_CHECK_INTERVAL_MS', 'INACTIVITY_MARGIN_MS', 'INTERNAL_RESOURCE_ID_LABEL', 'NETWORK_ACTION_DENY',
  'PATH_CACHE_LIMIT', 'RecordingDescription', 'SESSION_CHECK_INTERVAL_MS', 'SHORT_DATE_FORMAT',
  'STATUS_CHECK_MIN_TIME_LEFT_MS', 'StorageKey', 'TOKEN_RENEWAL_THRESHOLD_SECONDS', 'aclAreas', 'apiBasePath',
  'apiErrorMessage', 'apiPaths', 'appAuthPath', 'assistantSocketUrl', 'auditQueryText', 'awsOidcAudience', 'canQueryAgents', 'clusterIdFromPath',
  'commandExecuteSocketUrl', 'compilePath', 'compiledPathCount', 'consoleSessionPath', 'createApiClient',
  'createLocalState', 'databaseConsoleMessage', 'databaseConsoleSocketUrl', 'databaseErrorMessage', 'databaseProtocolName', 'databaseProtocolNames', 'databaseQueryMessage', 'databaseReadyMessage', 'databaseResultMessage', 'databaseTypeTitle', 'databaseTypeTitles', 'daemonPaths',
  'decodeBootstrapToken', 'decodePassword', 'defaultErrorMessage', 'defaultTheme', 'desktopControlMessage', 'desktopErrorMessage', 'desktopPlaybackMessage', 'desktopPlaybackSocketUrl', 'desktopRecordingEndMessage', 'desktopRecordingMessage', 'desktopSessionMessage',
  'desktopSocketUrl', 'displayDate', 'displayLabels', 'displayDateTime', 'displayShortDate', 'documentTitle', 'durationText',
  'enabledFeatures', 'encodePassword', 'ensureKnownRoute', 'ensureOwnOrigin', 'eventCatalogue', 'eventCodes',
  'eventDefinitions', 'eventQueryPath', 'featureCategories', 'featureFlagNames', 'featureSections', 'features',
  'formatSort', 'isKnownRoute', 'keysKeptOnClear', 'kubeExecSocketUrl', 'listQueryPath', 'localUserLabel', 'lockTargetKinds', 'lockedFeatures', 'loginPath',
  'makeAcl', 'makeActiveSession', 'makeApp', 'makeBearerToken', 'makeCluster', 'makeConnectionDiagnostic',
  'makeDatabase', 'makeDatabaseService', 'makeDesktop', 'makeDesktopService', 'makeEvent', 'makeFeatureFlags',
  'makeJoinToken', 'makeKube', 'makeLock', 'makeMfaDevice', 'makeNode', 'makePing', 'makeRecording', 'makeRecoveryCodes',
  'makeResetToken', 'makeResource', 'makeUser', 'makeUserContext', 'makeUserGroup', 'makeWebConfig',
  'mfaDeviceDescription', 'networkErrorMessage', 'noAccess', 'passwordLength', 'playerPath', 'primaryAuthType', 'queryString',
  'recordingCommentMaxChars', 'recordingExportVersion', 'recordingReviewStatusText', 'recordingReviewStatuses', 'recordingSearchMaxChars',
  'recordingSearchMinChars', 'recordingSearchPageSize', 'recordingShareDefaultTtl', 'recordingShareMaxTtlMs',
  'recordingsQueryPath', 'serverCallbackPrefixes', 'shouldCheckDiscoverOnboarding', 'sortLabels', 'storageKeyPrefix',
  'stripPort', 'terminalSocketUrl', 'tokenTimeLeft', 'truncateText', 'unknownEventDesc',
  'usageBasedBillingLockedFeatures', 'webBasePath', 'webConfigSchema', 'webRoutes', 'websocketOrigin',
  'websocketPaths',
];

test('the export list is pinned', () => {
  const expected = [...pinned, ...Object.keys(terminal)].sort();
  expect(Object.keys(shared).sort()).toEqual(expected);
});
