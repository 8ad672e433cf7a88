import { openKubeExecSocket, podExecFromQuery } from '@portcullis/console-kit';
import type { DaemonDocumentJson } from '@portcullis/shared';
import { profileServices } from '../daemon/profileGateway';
import { SessionTerminal } from './SessionTerminal';

type KubeDoc = Extract<DaemonDocumentJson, { kind: 'kube' }>;

/** A command in a pod, on the node terminal's protocol, through the profile's gateway. */
export function KubeDocument({ doc, visible }: { doc: KubeDoc; visible: boolean }) {
  const { gateway } = profileServices(doc.profile);
  // The kit's reading of a pod's address gives the command its words and the defaults the console's has.
  const exec = podExecFromQuery(
    new URLSearchParams({
      namespace: doc.namespace,
      pod: doc.pod,
      container: doc.container ?? '',
      command: doc.command,
      kubernetes_user: doc.kubernetesUser ?? '',
    }),
  )!;
  return (
    <SessionTerminal
      visible={visible}
      target={`${doc.kubeCluster}: ${doc.title}`}
      open={(term) =>
        openKubeExecSocket({ clusterId: doc.clusterId, kubeCluster: doc.kubeCluster, exec }, term, gateway)
      }
    />
  );
}
