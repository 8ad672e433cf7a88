import { startGateway, type Client, type TestGateway } from '../../../test/harness';
import { walk, type Walked } from '../../../test/routes';

/**
 * The only routes anyone may call without signing in, each with the reason. A route that declares
 * `public` access but is missing here, or the reverse, fails the walk below.
 */
const publicRoutes = new Map([
  ['GET /v1/webapi/ping', 'the console and other clients read the auth config before signing in'],
  ['POST /v1/webapi/sessions/web', 'signing in'],
  ['GET /v1/webapi/users/password/token/:tokenId', 'the invite and reset pages: the token is the credential'],
  ['PUT /v1/webapi/users/password/token', 'setting a password with an invite or reset token'],
  ['GET /', 'redirects to /web'],
  ['GET /web', 'the console page'],
  ['GET /web/*', 'the console page for every client-side route'],
  ['GET /web/config.js', 'the console configuration'],
  ['GET /scripts/:token/install-node.sh', 'an install script: the join token in the path is the credential'],
  ['GET /scripts/:token/install-app.sh', 'an install script serving an app: the join token in the path is the credential'],
  ['GET /scripts/:token/install-database.sh', 'an install script running a database service: the join token in the path is the credential'],
  ['GET /scripts/portcullis-agent.tgz', 'the agent package an install script fetches; it holds no secret'],
  ['GET /v1/agent/tunnel', 'agents dial in and authenticate with their own join token or certificate'],
  ['POST /v1/webapi/precapture', 'the login page reports events from before sign-in; bounded in size and number, kept here only'],
  ['GET /.well-known/openid-configuration', 'the discovery document names the issuer and its public keys; it holds no secret'],
  ['GET /v1/peer/tunnel', 'other gateways of the same database dial in and prove the secret they share through it'],
  ['GET /v1/cluster/tunnel', 'leaf clusters dial in and authenticate with the root’s join token, then the identity it issued'],
  ['POST /v1/webapi/mfa/login/begin', 'signing in with a key or passkey: the challenge comes before any identity'],
  ['POST /v1/webapi/mfa/login/finishsession', 'signing in with a key or passkey: its answer to the challenge is the credential'],
  ['POST /v1/webapi/mfa/token/:tokenId/registerchallenge', 'the invite and reset pages register a device: the token is the credential'],
  ['POST /v1/webapi/mfa/token/:tokenId/authenticatechallenge', 'a page holding a reset or privilege token challenges its user: the token is the credential'],
  ['GET /v1/webapi/mfa/token/:tokenId/devices', 'a page holding a token lists its user’s devices: the token is the credential'],
  ['DELETE /v1/webapi/mfa/token/:tokenId/devices/:deviceName', 'removing a device spends a privilege token, which is the credential'],
  ['POST /v1/webapi/recovery', 'a user who lost their password or device: the recovery code is the credential'],
  ['POST /v1/webapi/login/headless', 'a command line without a session asks for one; the user approves it in a signed-in browser'],
  ['GET /v1/webapi/oidc/login/web', 'signing in through an OIDC identity provider: the browser is sent there before it has any identity'],
  ['GET /v1/webapi/oidc/callback', 'the identity provider sends the browser back: the code, with the state, nonce and PKCE verifier kept for it, is the credential'],
  ['GET /v1/webapi/github/login/web', 'signing in through GitHub: the browser is sent there before it has any identity'],
  ['GET /v1/webapi/github/callback', 'GitHub sends the browser back: the code, with the single-use state kept for it, is the credential'],
  ['GET /v1/webapi/saml/sso', 'signing in through a SAML identity provider: the browser is sent there with an AuthnRequest before it has any identity'],
  ['POST /v1/webapi/saml/acs/:connector', 'the identity provider posts its response: the signature from the connector’s IdP and the InResponseTo of a pending, unused sign-in are the credential'],
  ['POST /v1/webapi/login/headless/:requestId/session', 'the command line collects its approved session: the secret only it holds is the credential'],
  ['GET /.well-known/jwks.json', 'the public keys apps verify the gateway’s signed identity header with; they hold no secret'],
  ['GET /v1/webapi/shared/recordings/:token', 'a recording share link: the token in the path is the credential, for that recording only'],
  ['GET /v1/webapi/shared/recordings/:token/recording', 'playing a shared recording: the share link’s token is the credential, for its recording and range only'],
  ['GET /v1/webapi/shared/recordings/:token/recording/events', 'playing a shared recording: the share link’s token is the credential, for its recording and range only'],
  ['GET /v1/webapi/shared/recordings/:token/recording/seek', 'playing a shared recording: the share link’s token is the credential, for its recording and range only'],
  ['GET /v1/webapi/shared/recordings/:token/recording/stream', 'playing a shared recording: the share link’s token is the credential, for its recording and range only'],
]);

/**
 * The only state-changing routes without the CSRF check, each with the reason: another site's page posts to
 * them, so they cannot carry the token, and something else protects them.
 */
const crossSitePosts = new Map([
  ['POST /v1/webapi/saml/acs/:connector', 'the identity provider’s page posts the SAML response; its signature and single-use InResponseTo protect it'],
]);

/** A concrete path for a route pattern: the local cluster for cluster ids, a placeholder elsewhere. */
const concrete = (url: string) => url.replace(/:clusterId/g, 'localhost').replace(/:(\w+)/g, 'x1').replace('*', 'anything');

let gw: TestGateway;
let routes: Walked[];
let nobody: Client;

beforeAll(async () => {
  gw = await startGateway();
  routes = walk(gw);
  await gw.createRole('kind: role\nmetadata:\n  name: nothing\nspec: {}\n');
  nobody = await gw.signIn({ roles: ['nothing'] });
});
afterAll(() => gw.close());

describe('the router walk', () => {
  it('finds the API routes', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.map((r) => r.key)).toEqual(expect.arrayContaining(['GET /v1/webapi/sites/:clusterId/context', 'GET /v1/webapi/roles']));
  });

  it('finds on every route an authentication, validation and authorisation declaration', () => {
    const missing = routes.filter((r) => !r.guard).map((r) => r.key);
    expect(missing).toEqual([]);
    for (const r of routes) {
      const g = r.guard!;
      if (r.url.includes(':')) expect([r.key, g.validates.params]).toEqual([r.key, true]);
      if (['POST', 'PUT', 'PATCH'].includes(r.method)) expect([r.key, g.validates.body]).toEqual([r.key, true]);
      expect([r.key, g.csrf]).toEqual([r.key, ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !crossSitePosts.has(r.key)]);
    }
  });

  it('allows public access exactly on the commented list', () => {
    const declaredPublic = routes.filter((r) => r.guard && 'public' in r.guard.access).map((r) => r.key);
    expect(declaredPublic.sort()).toEqual([...publicRoutes.keys()].sort());
  });
});

/**
 * Calls each route and maps "METHOD /path" to the status it answered, so a failure names every route at fault.
 * (Routes are only known once a gateway runs, so they are walked inside one test rather than one test each.)
 */
async function statuses(selected: Walked[], call: (r: Walked) => Promise<{ status: number; body: { error?: { message?: string } } }>) {
  const answers: Record<string, string> = {};
  for (const r of selected) {
    const res = await call(r);
    answers[r.key] = `${res.status} ${res.body?.error?.message ?? ''}`.trim();
  }
  return answers;
}

const expectEvery = (answers: Record<string, string>, expected: RegExp) => {
  const wrong = Object.entries(answers).filter(([, answer]) => !expected.test(answer));
  expect(wrong).toEqual([]);
};

it('refuses a caller without a session on every non-public route', async () => {
  const selected = routes.filter((r) => !publicRoutes.has(r.key));
  const answers = await statuses(selected, (r) => gw.anonymous().request(r.method, concrete(r.url), r.method === 'GET' ? undefined : {}));
  expect(Object.keys(answers)).toHaveLength(selected.length);
  expectEvery(answers, /^403 /);
});

it('answers 403 to a signed-in user without the right on every route guarded by a rule', async () => {
  const selected = routes.filter((r) => r.guard && 'resource' in r.guard.access);
  expect(selected.length).toBeGreaterThan(10);
  const answers = await statuses(selected, (r) => nobody.request(r.method, concrete(r.url), r.method === 'GET' ? undefined : {}));
  expectEvery(answers, /^403 access denied: /);
});

it('refuses a state-changing request without the CSRF token on every route', async () => {
  const selected = routes.filter((r) => r.guard?.csrf);
  expect(selected.length).toBeGreaterThan(8);
  const answers = await statuses(selected, (r) => nobody.request(r.method, concrete(r.url), {}, { csrf: false }));
  expectEvery(answers, /^403 missing or invalid CSRF token$/);
});
