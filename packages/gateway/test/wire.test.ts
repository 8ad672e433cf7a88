import { startGateway } from './harness';
import { pingJson, userContextJson } from './wire';

describe('the console’s fixtures are what a running gateway answers', () => {
  it('matches GET /context and /ping of a real gateway for the same roles', async () => {
    const gw = await startGateway();
    try {
      await gw.createRole("kind: role\nmetadata: { name: fixture }\nspec:\n  allow:\n    node_labels: { '*': '*' }\n    rules: [{ resources: [user, role], verbs: ['*'] }]\n");
      const user = await gw.signIn({ roles: ['fixture'] });
      const live = (await user.get('/v1/webapi/sites/localhost/context')).body;
      const fixture = userContextJson(['users', 'roles'], user.name);
      expect({ ...live, cluster: { ...live.cluster, lastConnected: '', publicURL: '' } }).toEqual({ ...fixture, cluster: { ...fixture.cluster, lastConnected: '', publicURL: '' } });
      expect((await user.get('/v1/webapi/ping')).body).toEqual(pingJson());
    } finally {
      await gw.close();
    }
  });
});
