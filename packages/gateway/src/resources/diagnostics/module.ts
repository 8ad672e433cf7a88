import { apiPaths } from '@portcullis/shared';
import { clusterParams } from '../../platform/clusters/schemas';
import { appRepo } from '../apps/repo';
import { databaseRepo } from '../databases/repo';
import { databaseServiceRepo } from '../databases/services';
import { desktopRepo } from '../desktops/repo';
import { kubeClusterRepo } from '../kubernetes/repo';
import type { ResourceModule } from '../register';
import { hasResource } from './hasResource';
import { diagnosticRoutes } from './routes';

/** Connection tests of every kind, and whether the user reaches any resource yet (the console's onboarding asks). */
export const diagnosticsModule: ResourceModule = (r) => {
  const { store } = r.gw;
  const deps = { agents: r.agents, apps: appRepo(store), databases: databaseRepo(store), databaseServices: databaseServiceRepo(store), kubeClusters: kubeClusterRepo(store), now: r.gw.now };
  diagnosticRoutes(r.gw, r.core, deps);
  r.gw.route('GET', apiPaths.resourcesCheck, {
    access: { signedIn: 'whether any resource is listed for the user: each kind applies its own roles, as its list does' },
    params: clusterParams,
    handler: async ({ identity }) => ({ hasResource: await hasResource({ ...deps, nodes: r.nodes, desktops: desktopRepo(store) }, identity!.roles) }),
  });
};
