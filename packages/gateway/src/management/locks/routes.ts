import { apiPaths } from '@portcullis/shared';
import { notFound } from '../../platform/access/errors';
import { clusterParams } from '../../platform/clusters/schemas';
import type { Gateway } from '../../platform/server/context';
import { presentLock } from './presenter';
import { createLockBody, lockParams } from './schemas';
import type { LockService } from './service';

/** Locks: list those in force, create one, remove one. */
export function lockRoutes(gw: Gateway, locks: LockService) {
  gw.route('GET', apiPaths.locks, {
    access: { resource: 'lock', verb: 'list' },
    params: clusterParams,
    handler: async () => (await locks.list()).map(presentLock),
  });

  gw.route('PUT', apiPaths.locks, {
    access: { resource: 'lock', verb: 'create' },
    params: clusterParams,
    body: createLockBody,
    handler: async ({ identity, body }) => presentLock(await locks.create(identity!.user.name, { targets: body.targets, message: body.message ?? '', ttlMs: body.ttl })),
  });

  gw.route('DELETE', apiPaths.lock, {
    access: { resource: 'lock', verb: 'delete' },
    params: lockParams,
    handler: async ({ identity, params }) => {
      if (!(await locks.remove(identity!.user.name, params.uuid))) throw notFound(`no lock ${params.uuid}: it was removed already or never existed`);
      return { message: 'ok' };
    },
  });
}
