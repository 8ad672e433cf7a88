// The public API of @portcullis/console-kit, pinned by exports.test.ts.

export type { GatewayAccess } from './gateway';

// Terminal: xterm wired to the gateway's terminal websocket.
export {
  TerminalEngine,
  type FileTransferSpec,
  type TerminalEngineHandlers,
  type TerminalEngineOptions,
  type TerminalSocket,
  type TerminalStatus,
  type TerminalSurface,
} from './terminal/TerminalEngine';
export { openTerminalSocket } from './terminal/openTerminalSocket';
export { openXterm, type XtermView, type XtermViewOptions } from './terminal/xtermView';
export { xtermTheme } from './terminal/xtermTheme';
export type { RendererKind } from './terminal/renderer';

// Player: recorded sessions streamed from the gateway into a terminal.
export { PlayerEngine, type PlayerScreen, type PlayerState, type PlayerStatus } from './player/PlayerEngine';
export {
  httpSource,
  type RecordingPaths,
  sessionRecordingPaths,
  sharedRecordingPaths,
} from './player/httpSource';
export { handlePlayerKey } from './player/playerKeys';
export { formatPlayhead, parsePlayhead } from './player/playhead';
export { downloadRecordingExport } from './player/recordingExport';
export type { RecordingSource } from './player/recording';
export { PlayerControls, type PlayerControlsProps } from './player/PlayerControls';

// Web session: renewal, status checks, inactivity and logout, kept in step across tabs.
export {
  type CrossTabMessage,
  SessionLifecycle,
  type SessionPorts,
  type SessionToken,
} from './session/sessionLifecycle';
export { crossTabMessage } from './session/crossTab';

// File transfer through a node.
export {
  downloadFile,
  type TransferProgress,
  type TransferTarget,
  uploadFile,
} from './fileTransfer/transferFile';
export { FileTransferBar, type FileTransferBarProps, type Moderation } from './fileTransfer/FileTransferBar';
export { TransferApprovals } from './fileTransfer/transferApprovals';
export {
  FileTransferRequestDialog,
  type FileTransferRequestDialogProps,
  useFileTransferRequests,
} from './fileTransfer/FileTransferRequestDialog';

// Servers and sign-in.
export { NodeList, type NodeListProps } from './servers/NodeList';
export { type FetchNodes, gatewayNodes, type NodePage } from './servers/nodesService';
export { type LoginCredentials, LoginForm, type LoginFormProps } from './login/LoginForm';
export { loginWithPasskey, loginWithSecurityKey } from './login/keyLogin';

// Applications: the list (Launch, or how to connect to a TCP app) and an app session handed to the app's own host.
export { AppList, type AppListProps } from './apps/AppList';
export { ConnectAppDialog, type ConnectAppDialogProps } from './apps/ConnectAppDialog';
export { type AppPage, type FetchApps, gatewayApps } from './apps/appsService';
export {
  type AppAuthForm,
  appAuthForm,
  type AppLaunchTarget,
  createAppSession,
  submitAppAuthForm,
} from './apps/launchApp';

// Second factors: the browser's WebAuthn, and the prompt that asks for a key tap or a code.
export { createCredential, getAssertion, supportsWebauthn } from './mfa/webauthn';
export {
  type AskSecondFactor,
  SecondFactorPrompt,
  type SecondFactorPromptProps,
} from './mfa/SecondFactorPrompt';
export { useSecondFactorDialog } from './mfa/useSecondFactorDialog';
export { AuthenticatorCodeField, type AuthenticatorCodeFieldProps } from './mfa/AuthenticatorCodeField';

// Databases: the list, how to connect (command lines or the browser's query console), and the query console itself.
export { DatabaseList, type DatabaseListProps } from './databases/DatabaseList';
export {
  ConnectDatabaseDialog,
  type ConnectDatabaseDialogProps,
  type DatabaseLogin,
} from './databases/ConnectDatabaseDialog';
export {
  type DatabaseEnrolment,
  type DatabasePage,
  type DatabasesService,
  type EnrolledProtocol,
  enrolledProtocols,
  type FetchDatabases,
  gatewayDatabases,
} from './databases/databasesService';
export { DatabaseConsole, type DatabaseConsoleProps } from './databases/DatabaseConsole';
export {
  DatabaseConsoleClient,
  type DatabaseConsoleHandlers,
  type DatabaseConsoleTarget,
  type DatabaseSocket,
  openDatabaseConsoleSocket,
} from './databases/databaseConsoleSocket';

// Desktops: the list, a remote desktop session (noVNC over the gateway's desktop socket) and its recordings' player.
export { DesktopList, type DesktopListProps } from './desktops/DesktopList';
export { type DesktopPage, type FetchDesktops, gatewayDesktops } from './desktops/desktopsService';
export { DesktopSession, type DesktopSessionProps, type TextClipboard } from './desktops/DesktopSession';
export { type DesktopSocket, type DesktopTarget, openDesktopSocket } from './desktops/desktopChannel';
export { DesktopPlayer, type DesktopPlayerProps, type DesktopRecordingHeader } from './desktops/DesktopPlayer';
export { openDesktopPlaybackSocket } from './desktops/desktopPlayback';
export type { RfbChannel, RfbClient, RfbFactory } from './desktops/rfb';

// Kubernetes: the list, how to connect (kubectl, or a terminal on a pod in a tab of its own), and that terminal's socket.
export { KubeList, type KubeListProps } from './kube/KubeList';
export { ConnectKubeDialog, type ConnectKubeDialogProps } from './kube/ConnectKubeDialog';
export { type FetchKubes, gatewayKubes, type KubePage } from './kube/kubeService';
export { type PodExec, podExecFromQuery, podExecPath } from './kube/podExec';
export { type KubeExecTarget, openKubeExecSocket } from './kube/kubeExecSocket';
