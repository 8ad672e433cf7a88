import { apiPaths, type ClusterJson, makeCluster } from '@portcullis/shared';
import { atom } from 'jotai';
import { api } from '../../client';

/** The clusters this gateway reaches: itself first, then every leaf that joined it as a trusted cluster. */
export const clustersAtom = atom(async () =>
  (await api.get<ClusterJson[]>(apiPaths.clusters)).map(makeCluster),
);
