import { notFound } from '../access/errors';

/**
 * A cluster a `:clusterId` in a path can name. Today the gateway serves only its own; a leaf reached through
 * a trusted-cluster tunnel becomes another Site, and every route that resolves through Sites serves it.
 */
export interface Site {
  name: string;
  local: boolean;
}

/** The one place a `:clusterId` becomes a cluster, with the one answer for a name no cluster has. */
export class Sites {
  readonly local: Site;

  constructor(localName: string) {
    this.local = { name: localName, local: true };
  }

  list(): Site[] {
    return [this.local];
  }

  resolve(clusterId: string): Site {
    const site = this.list().find((s) => s.name === clusterId);
    if (!site) throw notFound(`cluster "${clusterId}" was not found`);
    return site;
  }
}
