import type { Server } from 'node:http';
import { kubeApiForwarder } from './kube/apiForwarder';
import { loadKubeconfig } from './kube/kubeconfig';

/** A Kubernetes cluster the agent serves: its name, and the forwarder holding the kubeconfig's credentials. */
export interface AgentKubeCluster {
  name: string;
  forwarder: Server;
}

/**
 * Reads `--kube NAME=KUBECONFIG` (repeatable) and loads each kubeconfig now, so a file the agent cannot use
 * stops it at start with the reason rather than failing each request later.
 */
export function parseKubeClusters(flags: string[], log: (message: string) => void): AgentKubeCluster[] {
  const seen = new Set<string>();
  return flags.map((flag) => {
    const eq = flag.indexOf('=');
    if (eq <= 0 || eq === flag.length - 1) throw new Error(`invalid --kube "${flag}": expected NAME=KUBECONFIG, e.g. prod=/etc/portcullis/prod.kubeconfig`);
    const name = flag.slice(0, eq).trim();
    if (!/^[a-z0-9]([-a-z0-9._]{0,251}[a-z0-9])?$/i.test(name)) throw new Error(`invalid --kube name "${name}": letters, digits, dots, dashes and underscores`);
    if (seen.has(name)) throw new Error(`--kube ${name} is given twice`);
    seen.add(name);
    return { name, forwarder: kubeApiForwarder(loadKubeconfig(flag.slice(eq + 1).trim()), log) };
  });
}
