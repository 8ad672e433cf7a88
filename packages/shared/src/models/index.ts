export { makeActiveSession, stripPort } from './activeSession';
export type { ActiveSession, ActiveSessionJson, ParticipantMode, SessionKind } from './activeSession';
export { appAuthPath, makeApp } from './app';
export type { App, AppDetailsJson, AppJson, AppSessionJson, AwsRole, CreateAppSessionRequest } from './app';
export type {
  AssistClientMessage,
  AssistConversationJson,
  AssistConversationsJson,
  AssistMessageJson,
  AssistNodeResultJson,
  AssistProposalJson,
  AssistProposalNode,
  AssistServerMessage,
  AssistTitleSummaryJson,
} from './assist';
export { makeCluster } from './cluster';
export type { Cluster, ClusterJson } from './cluster';
export { makeConnectionDiagnostic } from './connectionDiagnostic';
export type { ConnectionDiagnostic, ConnectionDiagnosticJson, DiagnosticTrace } from './connectionDiagnostic';
export {
  databaseProtocolName,
  databaseProtocolNames,
  databaseTypeTitle,
  databaseTypeTitles,
  makeDatabase,
  makeDatabaseService,
} from './database';
export type { Database, DatabaseJson, DatabaseService, DatabaseServiceJson } from './database';
export type { DatabaseCertificateJson, SignDatabaseCertificateRequest } from './databaseCertificate';
export {
  DATABASE_CONSOLE_MAX_ROWS,
  databaseConsoleMessage,
  databaseErrorMessage,
  databaseQueryMessage,
  databaseReadyMessage,
  databaseResultMessage,
} from './databaseSession';
export type { DatabaseConsoleMessage, DatabaseQueryMessage, DatabaseStatementJson, DatabaseStatementsJson } from './databaseSession';
export { awsOidcAudience } from './integration';
export type {
  AwsRdsDatabaseJson,
  AwsRdsDatabasesJson,
  AwsRdsEngine,
  CreateIntegrationRequest,
  IntegrationJson,
  IntegrationKind,
  IntegrationListJson,
  ListAwsRdsDatabasesRequest,
  OpenIdConfigurationJson,
  UpdateIntegrationRequest,
} from './integration';
export { makeJoinToken } from './joinToken';
export type { JoinToken, JoinTokenJson } from './joinToken';
export { displayLabels, sortLabels } from './labels';
export type { Label } from './labels';
export { makeMfaDevice, makeRecoveryCodes, mfaDeviceDescription } from './mfaDevice';
export type * from './mfa';
export type { MfaDevice, MfaDeviceJson, RecoveryCodes, RecoveryCodesJson } from './mfaDevice';
export { makeDesktop, makeDesktopService, makeKube, makeNode, makeUserGroup } from './resourceItems';
export type {
  Desktop,
  DesktopJson,
  DesktopService,
  DesktopServiceJson,
  Kube,
  KubeEndpointJson,
  KubeJson,
  Node,
  NodeJson,
  UserGroup,
  UserGroupJson,
} from './resourceItems';
export { makePing } from './ping';
export type { Ping, PingJson } from './ping';
export { makeRecording, RecordingDescription } from './recording';
export type { Recording, RecordingEventJson, RecordingType } from './recording';
export { makeResource } from './resource';
export type { Resource, ResourceJson, ResourceKind } from './resource';
export { localUserLabel, makeResetToken, makeUser } from './user';
export type { ResetToken, ResetTokenJson, User, UserJson, UserTraits } from './user';
export { lockTargetKinds, makeLock } from './lock';
export type { CreateLockRequest, Lock, LockJson, LockTargetKind, LockTargets } from './lock';
export type * from './accessRequest';
export {
  DESKTOP_CHUNK_HEADER_BYTES,
  desktopControlMessage,
  desktopErrorMessage,
  desktopPlaybackMessage,
  desktopRecordingEndMessage,
  desktopRecordingMessage,
  desktopSessionMessage,
} from './desktopSession';
export type { DesktopControlMessage, DesktopPlaybackMessage } from './desktopSession';
