export { ApiError, defaultErrorMessage, apiErrorMessage, networkErrorMessage } from './ApiError';
export type { ErrorBody } from './ApiError';
export { createApiClient } from './apiClient';
export type { ApiClient, ApiClientOptions } from './apiClient';
export {
  assistantSocketUrl,
  commandExecuteSocketUrl,
  databaseConsoleSocketUrl,
  desktopPlaybackSocketUrl,
  desktopSocketUrl,
  kubeExecSocketUrl,
  terminalSocketUrl,
  websocketOrigin,
} from './websocketUrls';
