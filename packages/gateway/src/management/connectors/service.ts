import { badRequest, conflict, notFound } from '../../platform/access/errors';
import type { Store } from '../../platform/storage/store';
import { recordEvent, type EventName } from '../audit/record';
import { YamlResourceError, parseYamlResource } from '../roles/yaml';
import { connectorSchemas, hasClientSecret, type ConnectorKind, type ConnectorResource } from './model';
import { presentProvider } from './presenter';
import { connectorRepo, type StoredConnector } from './repo';
import { secretPlaceholder } from './secrets';

/** The catalogue's events for each kind's changes. */
const events = {
  oidc: { created: 'OIDC_CONNECTOR_CREATED', updated: 'OIDC_CONNECTOR_UPDATED', deleted: 'OIDC_CONNECTOR_DELETED' },
  saml: { created: 'SAML_CONNECTOR_CREATED', updated: 'SAML_CONNECTOR_UPDATED', deleted: 'SAML_CONNECTOR_DELETED' },
  github: { created: 'GITHUB_CONNECTOR_CREATED', updated: 'GITHUB_CONNECTOR_UPDATED', deleted: 'GITHUB_CONNECTOR_DELETED' },
} as const satisfies Record<ConnectorKind, Record<'created' | 'updated' | 'deleted', EventName>>;

function parse(kind: ConnectorKind, content: string): ConnectorResource {
  try {
    return parseYamlResource(content, connectorSchemas[kind], 'connector');
  } catch (err) {
    if (err instanceof YamlResourceError) throw badRequest(err.message);
    throw err;
  }
}

/** The kinds people can sign in through today (see providers()). */
const signInKinds: ReadonlySet<ConnectorKind> = new Set(['oidc', 'saml', 'github']);

/** Single sign-on connectors: create, replace and delete, each audited in the same transaction. */
export class ConnectorService {
  private readonly repo: ReturnType<typeof connectorRepo>;

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {
    this.repo = connectorRepo(store);
  }

  /** Every connector of `kind`, or of every kind. */
  list(kind?: ConnectorKind): Promise<StoredConnector[]> {
    return this.repo.list(kind);
  }

  async get(kind: ConnectorKind, name: string): Promise<StoredConnector> {
    const stored = await this.repo.get(kind, name);
    if (!stored) throw notFound(`${kind} connector ${name} not found`);
    return stored;
  }

  /**
   * The served config's `auth.providers`: one login button per connector whose kind has a sign-in flow (OIDC, SAML
   * and GitHub: all of them now).
   */
  async providers() {
    return (await this.repo.list()).filter((s) => signInKinds.has(s.connector.kind)).map((s) => presentProvider(s.connector));
  }

  /** Creates a connector from YAML, kept as it was written. */
  async create(actor: string, kind: ConnectorKind, content: string): Promise<StoredConnector> {
    const connector = parse(kind, content);
    if (hasClientSecret(connector) && connector.spec.client_secret === secretPlaceholder)
      throw badRequest(`spec.client_secret: write the client secret itself; ${secretPlaceholder} only keeps the secret of a connector already saved`);
    const name = connector.metadata.name;
    return this.store.transaction(async (tx) => {
      if (await this.repo.get(kind, name, tx)) throw conflict(`${kind} connector ${name} already exists`);
      const now = this.now();
      await this.repo.create(connector, content, now, tx);
      await recordEvent(tx, events[kind].created, { user: actor, name }, now);
      return { connector, source: content, createdAt: now, updatedAt: now };
    });
  }

  /**
   * Replaces the connector `name`; the content must describe that same connector. A client secret left as the
   * placeholder keeps the stored one.
   */
  async update(actor: string, kind: ConnectorKind, name: string, content: string): Promise<StoredConnector> {
    const connector = parse(kind, content);
    if (connector.metadata.name !== name)
      throw badRequest(`metadata.name: the connector is ${name}; renaming a connector is not supported (got ${connector.metadata.name})`);
    return this.store.transaction(async (tx) => {
      const stored = await this.repo.get(kind, name, tx);
      if (!stored) throw notFound(`${kind} connector ${name} not found`);
      if (hasClientSecret(connector) && hasClientSecret(stored.connector) && connector.spec.client_secret === secretPlaceholder)
        connector.spec.client_secret = stored.connector.spec.client_secret;
      const now = this.now();
      await this.repo.update(connector, content, now, tx);
      await recordEvent(tx, events[kind].updated, { user: actor, name }, now);
      return { connector, source: content, createdAt: stored.createdAt, updatedAt: now };
    });
  }

  async remove(actor: string, kind: ConnectorKind, name: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      if (!(await this.repo.delete(kind, name, tx))) throw notFound(`${kind} connector ${name} not found`);
      await recordEvent(tx, events[kind].deleted, { user: actor, name }, this.now());
    });
  }
}
