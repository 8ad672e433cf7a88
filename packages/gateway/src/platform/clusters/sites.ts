import { notFound } from '../access/errors';

/** What a root knows of a leaf cluster: what it last reported through its tunnel, and whether the tunnel is up. */
export interface RemoteSiteStatus {
  online: boolean;
  lastConnected: number;
  nodeCount: number;
  publicUrl: string;
  version: string;
}

/**
 * A cluster a `:clusterId` in a path can name: this gateway's own, or a leaf that joined it as a trusted
 * cluster, whose requests go through its tunnel (management/trust).
 */
export interface Site {
  name: string;
  local: boolean;
  /** Set for a leaf. */
  remote?: RemoteSiteStatus;
}

/** The one place a `:clusterId` becomes a cluster, with the one answer for a name no cluster has. */
export class Sites {
  readonly local: Site;
  private remotes: () => (RemoteSiteStatus & { name: string })[] = () => [];

  constructor(localName: string) {
    this.local = { name: localName, local: true };
  }

  /** Where the leaves that joined this cluster are listed from (the trust module's tunnels). */
  listRemotesFrom(remotes: () => (RemoteSiteStatus & { name: string })[]): void {
    this.remotes = remotes;
  }

  list(): Site[] {
    return [this.local, ...this.remotes().map(({ name, ...remote }) => ({ name, local: false, remote }))];
  }

  resolve(clusterId: string): Site {
    const site = this.list().find((s) => s.name === clusterId);
    if (!site) throw notFound(`cluster "${clusterId}" was not found`);
    return site;
  }
}
