export { daemonPaths } from './paths';
export type {
  DaemonClientExit,
  DaemonClientMessage,
  DaemonConnectionJson,
  DaemonConnectionRequest,
  DaemonDocumentJson,
  DaemonLoginErrorJson,
  DaemonLoginRequest,
  DaemonProfileJson,
  DaemonWorkspaceJson,
} from './types';
