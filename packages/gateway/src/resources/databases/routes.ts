import { randomUUID } from 'node:crypto';
import { apiPaths } from '@portcullis/shared';
import { recordEvent } from '../../management/audit/record';
import { conflict, notFound } from '../../platform/access/errors';
import { clusterParams } from '../../platform/clusters/schemas';
import type { Gateway } from '../../platform/server/context';
import { databaseTarget } from '../../agent/tunnel/databases';
import { databaseListRefusal } from './kind';
import { listDatabases } from './list';
import { presentDatabase, presentDatabaseService } from './presenter';
import type { DatabaseRecord, DatabaseRepo } from './repo';
import { databaseBody, databaseListQuery, databaseParams, type DatabaseBody } from './schemas';
import type { DatabaseServiceRepo } from './services';

const labelsOf = (body: DatabaseBody) => Object.fromEntries(body.labels.map((l) => [l.name, l.value]));

/**
 * The database list, one database, enrolling and updating databases from the console, and the agents' database
 * services. Enrolled databases (no agent of their own) are served by the services whose matchers select them.
 */
export function databaseRoutes(gw: Gateway, databases: DatabaseRepo, services: DatabaseServiceRepo) {
  gw.route('GET', apiPaths.databases, {
    access: { resource: 'db_server', verb: 'list' },
    params: clusterParams,
    query: databaseListQuery,
    handler: async ({ identity, query }) => {
      const page = await listDatabases(databases, identity!.roles, query, gw.now());
      return { items: page.items.map((d) => presentDatabase(d, identity!.roles)), startKey: page.startKey, totalCount: page.totalCount };
    },
  });

  gw.route('GET', apiPaths.database, {
    access: { resource: 'db', verb: 'read' },
    params: databaseParams,
    handler: async ({ identity, params }) => {
      const found = await databases.byName(params.database, gw.now());
      const db = found.find((d) => !databaseListRefusal(identity!, d));
      // The same answer whether it is missing, offline or beyond the user's roles, so it reveals nothing.
      if (!db) throw notFound(`no database ${params.database} that you may reach`);
      return presentDatabase(db, identity!.roles);
    },
  });

  gw.route('POST', apiPaths.databases, {
    access: { resource: 'db', verb: 'create' },
    params: clusterParams,
    body: databaseBody,
    handler: async ({ identity, body }) => {
      if ((await databases.byName(body.name, gw.now())).length) throw conflict(`a database named ${body.name} already exists: choose another name, or update it with PUT`);
      const db: DatabaseRecord = { id: randomUUID(), ...enrolled(body), agentId: null, expiresAt: null };
      await gw.store.transaction(async (tx) => {
        await databases.upsert(db, gw.now(), tx);
        await recordEvent(tx, 'DATABASE_CREATED', { user: identity!.user.name, name: db.name, db_protocol: db.protocol, db_uri: db.uri });
      });
      return presentDatabase(db, identity!.roles);
    },
  });

  gw.route('PUT', apiPaths.database, {
    access: { resource: 'db', verb: 'update' },
    params: databaseParams,
    body: databaseBody,
    handler: async ({ identity, params, body }) => {
      if (body.name !== params.database) throw conflict(`the body names database ${body.name}, the path ${params.database}: a database cannot be renamed`);
      const db = await gw.store.transaction(async (tx) => {
        const existing = await databases.enrolled(params.database, tx);
        // An agent's database is the agent's to describe (its --db flag); only enrolled ones change here.
        if (!existing) throw notFound(`no database ${params.database} was enrolled from the console`);
        const updated: DatabaseRecord = { ...existing, ...enrolled(body) };
        await databases.upsert(updated, gw.now(), tx);
        await recordEvent(tx, 'DATABASE_UPDATED', { user: identity!.user.name, name: updated.name, db_protocol: updated.protocol, db_uri: updated.uri });
        return updated;
      });
      return presentDatabase(db, identity!.roles);
    },
  });

  gw.route('GET', apiPaths.databaseServices, {
    access: { resource: 'db_server', verb: 'list' },
    params: clusterParams,
    handler: async () => ({ items: (await services.live(gw.now())).map(presentDatabaseService) }),
  });

  // IAM policies are for databases hosted on AWS (RDS), which this gateway does not reach; a self-hosted one has none.
  gw.route('GET', apiPaths.databaseIamPolicy, {
    access: { resource: 'db', verb: 'read' },
    params: databaseParams,
    handler: async ({ identity, params }) => {
      const db = (await databases.byName(params.database, gw.now())).find((d) => !databaseListRefusal(identity!, d));
      if (!db) throw notFound(`no database ${params.database} that you may reach`);
      throw notFound(`database ${db.name} is ${db.type}: only databases hosted on AWS have an IAM policy`);
    },
  });
}

/** What an enrolment sets: the protocol follows from the URI, which the schema checked. */
const enrolled = (body: DatabaseBody) => ({
  name: body.name,
  protocol: databaseTarget(body.uri).protocol,
  type: body.type,
  uri: body.uri,
  description: body.description,
  labels: labelsOf(body),
});
