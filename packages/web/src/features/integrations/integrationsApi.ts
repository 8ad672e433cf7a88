import {
  apiPaths,
  compilePath,
  type CreateIntegrationRequest,
  type IntegrationJson,
  type IntegrationListJson,
  type OpenIdConfigurationJson,
  queryString,
} from '@portcullis/shared';
import { atom } from 'jotai';
import { api } from '../../client';

/** One page of the cluster's integrations; `startKey` is the gateway's nextKey, empty on the last page. */
export async function fetchIntegrations(clusterId: string, limit: number, startKey?: string) {
  const page = await api.get<IntegrationListJson>(
    compilePath(apiPaths.integrations, { clusterId }) + queryString({ limit, startKey }),
  );
  return { items: page.items, startKey: page.nextKey ?? '' };
}

export const integrationActions = {
  create: (clusterId: string, body: CreateIntegrationRequest) =>
    api.post<IntegrationJson>(compilePath(apiPaths.integrations, { clusterId }), body),
  remove: (clusterId: string, name: string) =>
    api.delete(compilePath(apiPaths.integrations, { clusterId, name })),
};

/**
 * The URL AWS knows the gateway by as an OpenID issuer, or why it could not be read: the setup steps then say
 * so, and the form still works (the role may have been set up before).
 */
export const issuerAtom = atom(async (): Promise<{ issuer: string; error: string }> => {
  try {
    const json = await api.get<OpenIdConfigurationJson>(apiPaths.openidConfiguration);
    return { issuer: json.issuer, error: '' };
  } catch (err) {
    return { issuer: '', error: err instanceof Error ? err.message : String(err) };
  }
});
