import {
  type FetchApps,
  type FetchKubes,
  type FetchNodes,
  type DatabasesService,
  gatewayApps,
  gatewayDatabases,
  type GatewayAccess,
  gatewayKubes,
  gatewayNodes,
} from '@portcullis/console-kit';
import { compilePath, createApiClient, daemonPaths } from '@portcullis/shared';

/** What the daemon's forward puts in place of the UI's access_token: the UI never holds a gateway's token. */
export const forwardedTokenPlaceholder = 'daemon';

/**
 * One profile's gateway as the console-kit takes it: its API and websockets under the daemon's forwarding prefix,
 * which adds the profile's session to everything that passes.
 */
export function profileGateway(profile: string, origin = window.location.origin): GatewayAccess {
  const prefix = compilePath(daemonPaths.profileGateway, { profile });
  return {
    api: createApiClient({ baseUrl: prefix, getCsrfToken: () => '', getBearerToken: () => undefined }),
    csrfToken: () => '',
    bearerToken: () => forwardedTokenPlaceholder,
    socketOrigin: () => `${origin}${prefix}`,
  };
}

/** The console-kit's page sources for one profile. */
export interface ProfileServices {
  gateway: GatewayAccess;
  nodes: FetchNodes;
  databases: DatabasesService;
  apps: FetchApps;
  kubes: FetchKubes;
}

const made = new Map<string, ProfileServices>();

/** Made once per profile: the kit's lists start again whenever their page source changes. */
export function profileServices(profile: string): ProfileServices {
  let services = made.get(profile);
  if (!services) {
    const gateway = profileGateway(profile);
    services = {
      gateway,
      nodes: gatewayNodes(gateway),
      databases: gatewayDatabases(gateway),
      apps: gatewayApps(gateway),
      kubes: gatewayKubes(gateway),
    };
    made.set(profile, services);
  }
  return services;
}
