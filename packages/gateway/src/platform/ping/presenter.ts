import type { AuthProvider, PingJson } from '@portcullis/shared';
import type { GatewayConfig } from '../config/config';
import { version } from '../server/version';
import { webConfig } from '../web/webConfig';

/** GET /ping: how to sign in, and what this gateway offers (the assistant when configured; no automatic upgrades yet). */
export const presentPing = (config: GatewayConfig, providers: AuthProvider[] = []) =>
  ({
    auth: webConfig(config, providers).auth,
    proxy: { assist_enabled: config.assist !== undefined, cluster: config.clusterName },
    server_version: version,
    automatic_upgrades: false,
  }) satisfies PingJson;
