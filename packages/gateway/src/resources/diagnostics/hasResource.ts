import type { RoleSet } from '../../management/roles/roleset';
import { listApps } from '../apps/list';
import { listDatabases } from '../databases/list';
import { listDesktops } from '../desktops/list';
import { listKubeClusters } from '../kubernetes/list';
import { listNodes } from '../nodes/list';
import type { NodeRepo } from '../nodes/repo';
import type { DesktopRepo } from '../desktops/repo';
import type { ResourceCheckDeps } from './resourceChecks';

/**
 * Whether the user's roles reach any resource at all, of any kind: the console offers to enrol a first one when
 * none is. Each kind's list is asked for one row, with its own role filters.
 */
export async function hasResource(deps: ResourceCheckDeps & { nodes: NodeRepo; desktops: DesktopRepo }, roles: RoleSet): Promise<boolean> {
  const now = deps.now();
  const one = { limit: 1 };
  const pages = [
    () => listNodes(deps.nodes, roles, one, now),
    () => listApps(deps.apps, roles, one, now),
    () => listDatabases(deps.databases, roles, one, now),
    () => listDesktops(deps.desktops, roles, one, now),
    () => listKubeClusters(deps.kubeClusters, roles, one, now),
  ];
  for (const page of pages) if ((await page()).items.length) return true;
  return false;
}
