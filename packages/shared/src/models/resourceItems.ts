/** Items of the resource lists: nodes, Kubernetes clusters, desktops and their services, user groups. */
import { sortLabels, type Label } from './labels';

/** A node list item as the server sends it. */
export interface NodeJson {
  kind?: 'node';
  id: string;
  siteId: string;
  hostname: string;
  addr: string;
  tunnel: boolean;
  tags?: Label[];
  sshLogins?: string[];
}

export interface Node {
  id: string;
  clusterId: string;
  hostname: string;
  labels: Label[];
  addr: string;
  tunnel: boolean;
  sshLogins: string[];
}

export const makeNode = (json: NodeJson): Node => ({
  id: json.id,
  clusterId: json.siteId,
  hostname: json.hostname,
  labels: sortLabels(json.tags),
  addr: json.addr,
  tunnel: json.tunnel,
  sshLogins: json.sshLogins ?? [],
});

export interface KubeJson {
  name: string;
  labels?: Label[];
  kubernetes_users?: string[];
  kubernetes_groups?: string[];
}

/** Where kubectl reaches the gateway's Kubernetes API: cluster NAME is at `${server}/v1/kube/NAME`; `certificate_authority` (PEM) when the gateway issued its certificate. */
export interface KubeEndpointJson {
  server: string;
  certificate_authority?: string;
}

export interface Kube {
  name: string;
  labels: Label[];
  users: string[];
  groups: string[];
}

export const makeKube = (json: KubeJson): Kube => ({
  name: json.name,
  labels: sortLabels(json.labels),
  users: json.kubernetes_users ?? [],
  groups: json.kubernetes_groups ?? [],
});

export interface DesktopJson {
  os: string;
  name: string;
  addr: string;
  labels?: Label[];
  host_id: string;
  logins?: string[];
}

export interface Desktop {
  os: string;
  name: string;
  addr: string;
  labels: Label[];
  host_id: string;
  logins: string[];
}

export const makeDesktop = (json: DesktopJson): Desktop => ({
  os: json.os,
  name: json.name,
  addr: json.addr,
  labels: sortLabels(json.labels),
  host_id: json.host_id,
  logins: json.logins ?? [],
});

export interface DesktopServiceJson {
  hostname: string;
  addr: string;
  labels?: Label[];
  name: string;
}

export interface DesktopService {
  hostname: string;
  addr: string;
  labels: Label[];
  name: string;
}

export const makeDesktopService = (json: DesktopServiceJson): DesktopService => ({
  hostname: json.hostname,
  addr: json.addr,
  labels: sortLabels(json.labels),
  name: json.name,
});

export interface UserGroupJson {
  name: string;
  description?: string;
  labels?: Label[];
}

export interface UserGroup {
  name: string;
  description: string;
  labels: Label[];
}

export const makeUserGroup = (json: UserGroupJson): UserGroup => ({
  name: json.name,
  description: json.description ?? '',
  labels: sortLabels(json.labels),
});
