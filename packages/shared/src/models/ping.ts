import type { WebConfig } from '../config/webConfig';

/**
 * GET /ping: besides what the console keeps of it (automatic upgrades, the assistant flag), the auth config,
 * so a client that has no console page (the command line, the workspace app) learns how to sign in.
 */
export interface PingJson {
  automatic_upgrades?: boolean;
  proxy?: { assist_enabled?: boolean; cluster?: string };
  auth?: WebConfig['auth'];
  server_version?: string;
}

export interface Ping {
  automaticUpgrades: boolean;
  assistEnabled: boolean;
}

export const makePing = (json: PingJson): Ping => ({
  automaticUpgrades: json.automatic_upgrades ?? false,
  assistEnabled: json.proxy?.assist_enabled ?? false,
});
