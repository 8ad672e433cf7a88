export { makeWebConfig, primaryAuthType, webConfigSchema } from './webConfig';
export type { AuthProvider, PrimaryAuthType, WebConfig } from './webConfig';
