import type { ResourceModule } from '../register';
import { kubeClusterAnnouncements } from './announcements';
import { kubeClusterKind, kubeKind } from './kind';
import { KubeApiProxy } from './proxy/apiProxy';
import { startKubeListener, type KubeEndpoint } from './proxy/listener';
import { kubeClusterRepo } from './repo';
import { kubeRoutes } from './routes';
import { KubeSessions } from './session/kubeSessions';
import { kubeSocketRoutes } from './sockets';

/**
 * Kubernetes: clusters agents announce (--kube), their list, the Kubernetes API for kubectl on its own TLS
 * listener under /v1/kube/NAME (impersonating what the roles grant), and terminals on pods, from kubectl or the
 * console, as recorded sessions.
 */
export const kubernetesModule: ResourceModule = (r) => {
  const clusters = kubeClusterRepo(r.gw.store);
  r.core.kinds.register(kubeKind(clusters, r.gw.now));
  r.agents.acceptAnnouncements(kubeClusterKind, kubeClusterAnnouncements(clusters));
  const sessions = new KubeSessions(r.core, r.agents);
  const proxy = new KubeApiProxy(r.gw, clusters, r.agents, sessions);
  let listener: Awaited<ReturnType<typeof startKubeListener>> | undefined;
  const endpoint = (): KubeEndpoint => {
    if (!listener) throw new Error('the Kubernetes API listener has not started');
    return listener.endpoint;
  };
  kubeRoutes(r.gw, clusters, endpoint);
  kubeSocketRoutes(r.gw, clusters, sessions);
  r.app.addHook('onReady', async () => {
    listener = await startKubeListener(r.gw.config, r.gw.publicUrl(), proxy, (err) => r.app.log.error({ err }, 'Kubernetes API request failed'));
  });
  r.app.addHook('preClose', async () => listener?.close());
};
