import { nodeJson } from '@portcullis/gateway/wire';
import type { DaemonConnectionRequest } from '@portcullis/shared';
import { http, HttpResponse } from 'msw';
import { createDaemonClient } from '../daemon/daemonClient';
import { profileServices } from '../daemon/profileGateway';
import { connection, forwarded, profile } from '../testing/fixtures';
import { server } from '../testing/server';
import { parseCommand } from './parseCommand';
import { runCommand } from './runCommand';

const daemon = createDaemonClient();
const context = { profile: profile(), services: profileServices, openConnection: daemon.openConnection };
const run = (line: string) => runCommand(parseCommand(line)!, context);

test('ssh LOGIN@HOST opens a terminal on the node with exactly that hostname, found through the profile’s gateway', async () => {
  const searched: string[] = [];
  server.use(
    http.get(forwarded('/v1/webapi/sites/localhost/nodes'), ({ request }) => {
      searched.push(new URL(request.url).searchParams.get('search') ?? '');
      return HttpResponse.json({
        items: [
          nodeJson({ id: 'n-10', hostname: 'web-10' }, ['root']),
          nodeJson({ id: 'n-1', hostname: 'web-1' }, ['root']),
        ],
        totalCount: 2,
      });
    }),
  );
  expect(await run('ssh root@web-1')).toEqual({
    open: {
      kind: 'terminal',
      profile: 'localhost-3080',
      clusterId: 'localhost',
      serverId: 'n-1',
      login: 'root',
      title: 'root@web-1',
    },
  });
  expect(searched).toEqual(['web-1']);
});

test('ssh to a hostname the cluster does not have says so', async () => {
  server.use(
    http.get(forwarded('/v1/webapi/sites/localhost/nodes'), () =>
      HttpResponse.json({ items: [nodeJson({ id: 'n-10', hostname: 'web-10' })], totalCount: 1 }),
    ),
  );
  expect(await run('ssh root@web-1')).toEqual({ error: 'No server named web-1 in localhost.' });
});

test('db connect asks the daemon for a local port and opens the connection’s tab; the daemon’s refusal is the error', async () => {
  const asked: DaemonConnectionRequest[] = [];
  server.use(
    http.post('/v1/daemon/connections', async ({ request }) => {
      asked.push((await request.json()) as DaemonConnectionRequest);
      return HttpResponse.json(connection({ id: 'conn-7' }));
    }),
  );
  expect(await run('db connect orders --db-user postgres --db-name test')).toEqual({
    open: { kind: 'database', profile: 'localhost-3080', connectionId: 'conn-7', title: 'orders (postgres)' },
  });
  expect(asked).toEqual([
    {
      profile: 'localhost-3080',
      clusterId: 'localhost',
      kind: 'db',
      database: 'orders',
      dbUser: 'postgres',
      dbName: 'test',
    },
  ]);

  server.use(
    http.post('/v1/daemon/connections', () =>
      HttpResponse.json({ error: { message: 'database "orders" not found' } }, { status: 404 }),
    ),
  );
  expect(await run('db connect orders --db-user postgres')).toEqual({ error: 'database "orders" not found' });
});

test('anything else opens the cluster’s resources with that search; without a cluster nothing runs', async () => {
  expect(await run('env=prod')).toEqual({
    open: { kind: 'resources', profile: 'localhost-3080', title: 'localhost' },
    search: 'env=prod',
  });
  expect(await runCommand({ kind: 'search', text: 'x' }, { ...context, profile: undefined })).toEqual({
    error: 'Sign in to a cluster first.',
  });
  expect(await run('ssh nobody')).toEqual({ error: 'Write ssh LOGIN@HOST, e.g. ssh root@web-1' });
});
