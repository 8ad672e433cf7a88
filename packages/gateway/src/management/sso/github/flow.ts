import { randomBytes } from 'node:crypto';
import type { ConnectorService } from '../../connectors/service';
import type { GithubConnector } from '../../connectors/model';
import { HttpError } from '../../../platform/access/errors';
import { emptyTraits } from '../../../platform/storage/repos/users';
import { SsoFailure } from '../failure';
import { landingPath } from '../redirect';
import { requestTtlMs, type SsoRequests } from '../requests';
import type { SsoIdentity } from '../users';
import { GithubClient, GithubError, explain, rolesForTeams } from './api';

const clientFor = (c: GithubConnector) =>
  new GithubClient({
    clientId: c.spec.client_id,
    clientSecret: c.spec.client_secret,
    redirectUrl: c.spec.redirect_url,
    endpointUrl: c.spec.endpoint_url,
    apiEndpointUrl: c.spec.api_endpoint_url,
  });

/**
 * GitHub's OAuth web flow: `begin` sends the browser to GitHub with a single-use state, `finish` checks the state
 * GitHub brings back, exchanges the code for a token, reads the person's login and teams, and maps the teams to
 * roles through the connector's teams_to_roles. Every failure is an SsoFailure with a message to show.
 */
export class GithubFlow {
  constructor(
    private readonly connectors: ConnectorService,
    private readonly requests: SsoRequests,
    private readonly publicUrl: () => string,
    private readonly now: () => number,
  ) {}

  private async connector(name: string): Promise<GithubConnector> {
    try {
      return (await this.connectors.get('github', name)).connector as GithubConnector;
    } catch (err) {
      if (err instanceof HttpError && err.status === 404)
        throw new SsoFailure(
          `there is no GitHub connector named ${name}: pick a provider on the login page again`,
          name,
        );
      throw err;
    }
  }

  /** GitHub's authorization URL for a new sign-in through `connectorName`, remembered for the callback. */
  async begin(connectorName: string, redirectUrl: string | undefined): Promise<URL> {
    const connector = await this.connector(connectorName);
    const state = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.requests.create({
      state,
      kind: 'github',
      connector: connectorName,
      // GitHub's OAuth apps have neither an ID token nor (on every Enterprise server) PKCE: the state is the whole binding.
      nonce: '',
      codeVerifier: '',
      redirectUrl: landingPath(redirectUrl, this.publicUrl()),
      createdAt: now,
      expiresAt: now + requestTtlMs,
    });
    return clientFor(connector).authorizeUrl(state);
  }

  /**
   * GitHub's answer on the callback (its query string): who signed in, with their mapped roles and logins trait,
   * and where to send them. The pending request is used up whatever happens.
   */
  async finish(query: URLSearchParams): Promise<{ identity: SsoIdentity; redirectUrl: string }> {
    const state = query.get('state');
    if (!state)
      throw new SsoFailure(
        'GitHub came back without the sign-in state: start the sign-in again from the login page',
      );
    const request = await this.requests.take('github', state);
    if (!request)
      throw new SsoFailure(
        'this sign-in is unknown or was already used (a changed or replayed link): start the sign-in again from the login page',
      );
    const failed = (message: string) => new SsoFailure(message, request.connector);
    if (request.expiresAt <= this.now())
      throw failed('the sign-in took longer than 10 minutes and expired: start it again from the login page');
    const ghError = query.get('error');
    if (ghError) throw failed(`GitHub refused the sign-in: ${query.get('error_description') ?? ghError}`);
    const code = query.get('code');
    if (!code)
      throw failed('GitHub came back without a sign-in code: start the sign-in again from the login page');

    const connector = await this.connector(request.connector);
    const name = connector.metadata.name;
    const github = clientFor(connector);
    let login: string;
    let roles: string[];
    try {
      const token = await github.exchange(code);
      login = await github.login(token);
      roles = rolesForTeams(await github.teams(token), connector.spec.teams_to_roles);
    } catch (err) {
      if (err instanceof GithubError) throw explain(err, name);
      throw err;
    }
    if (roles.length === 0)
      throw failed(
        `${login} has no role here: none of the connector ${name}'s teams_to_roles names a GitHub team ${login} belongs to; an administrator must map one of ${login}'s teams to a role (or ${login} must join a mapped team, and the OAuth app be granted access to its organization)`,
      );
    const traits = emptyTraits();
    traits.logins = [login];
    return {
      identity: { authType: 'github', connector: name, username: login, roles, traits },
      redirectUrl: request.redirectUrl,
    };
  }
}
