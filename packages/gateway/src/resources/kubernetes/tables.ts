/** Row shapes of the Kubernetes cluster tables (part of storage's Tables). */
export interface KubeClusterRow {
  id: string;
  name: string;
  /** The agent that announced it (it holds the cluster's kubeconfig; the gateway never does). */
  agent_id: string;
  /** Labels as one JSON object. */
  labels: string;
  /** Lower-cased name and `name=value` labels, for keyword search. */
  search_text: string;
  /** The cluster leaves the list when its agent's heartbeats stop. */
  expires_at: number;
  created_at: number;
  updated_at: number;
}

export interface KubeClusterLabelRow {
  kube_cluster_id: string;
  name: string;
  value: string;
}

export interface KubeTables {
  kube_clusters: KubeClusterRow;
  kube_cluster_labels: KubeClusterLabelRow;
}
