/**
 * How the console names the cluster a page is in, in the top bar and in full-screen pages' headers alike: the
 * name alone could be taken for a host's or a database's.
 */
export const clusterLabel = (clusterName: string) => `Cluster: ${clusterName}`;
