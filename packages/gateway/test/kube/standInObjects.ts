import type { StandInPod } from './standInApiServer';

/** The stand-in's pods were all "created" when it started; Age and timestamps count from here. */
const created = new Date();
const createdAt = created.toISOString().replace(/\.\d+Z$/, 'Z');

export const versionInfo = {
  major: '1',
  minor: '32',
  gitVersion: 'v1.32.0',
  gitCommit: 'stand-in',
  gitTreeState: 'clean',
  buildDate: createdAt,
  goVersion: 'go1.23.0',
  compiler: 'gc',
  platform: 'linux/amd64',
};

export const apiVersions = { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '127.0.0.1' }] };

export const apiGroupList = { kind: 'APIGroupList', apiVersion: 'v1', groups: [] };

const subresource = (name: string, kind: string, verbs: string[]) => ({ name, singularName: '', namespaced: true, kind, verbs });

export const coreResources = {
  kind: 'APIResourceList',
  groupVersion: 'v1',
  resources: [
    { name: 'pods', singularName: 'pod', namespaced: true, kind: 'Pod', verbs: ['get', 'list', 'watch'], shortNames: ['po'], categories: ['all'] },
    subresource('pods/log', 'Pod', ['get']),
    subresource('pods/exec', 'PodExecOptions', ['create', 'get']),
    subresource('pods/attach', 'PodAttachOptions', ['create', 'get']),
    subresource('pods/portforward', 'PodPortForwardOptions', ['create', 'get']),
    { name: 'namespaces', singularName: 'namespace', namespaced: false, kind: 'Namespace', verbs: ['get', 'list', 'watch'], shortNames: ['ns'] },
  ],
};

/** A v1 Status, the body a real API server sends with every error (kubectl prints its message). */
export function status(code: number, reason: string, message: string) {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
}

const metadata = (pod: StandInPod) => ({
  name: pod.name,
  namespace: pod.namespace,
  uid: `stand-in-${pod.namespace}-${pod.name}`,
  resourceVersion: '1',
  creationTimestamp: createdAt,
});

/**
 * A running pod. Containers declare stdin and tty because `kubectl attach -t` refuses a TTY for a container that
 * did not allocate one, and the stand-in's attach shells run on a PTY.
 */
export function podObject(pod: StandInPod) {
  return {
    kind: 'Pod',
    apiVersion: 'v1',
    metadata: metadata(pod),
    spec: { containers: pod.containers.map((name) => ({ name, image: 'stand-in', stdin: true, tty: true })), nodeName: 'stand-in' },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: createdAt }],
      startTime: createdAt,
      containerStatuses: pod.containers.map((name) => ({
        name,
        ready: true,
        started: true,
        restartCount: 0,
        image: 'stand-in',
        imageID: '',
        state: { running: { startedAt: createdAt } },
      })),
    },
  };
}

export const podList = (pods: StandInPod[]) => ({ kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: pods.map(podObject) });

const column = (name: string, format = '') => ({ name, type: 'string', format, description: name, priority: 0 });

function age(): string {
  const seconds = Math.floor((Date.now() - created.getTime()) / 1000);
  return seconds < 120 ? `${seconds}s` : `${Math.floor(seconds / 60)}m`;
}

/** What a real API server returns for `Accept: application/json;as=Table;v=v1;g=meta.k8s.io`, the form `kubectl get` prints. */
export function podTable(pods: StandInPod[]) {
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion: '1' },
    columnDefinitions: [column('Name', 'name'), column('Ready'), column('Status'), column('Restarts'), column('Age')],
    rows: pods.map((pod) => ({
      cells: [pod.name, `${pod.containers.length}/${pod.containers.length}`, 'Running', '0', age()],
      // kubectl reads a row's namespace (the NAMESPACE column of --all-namespaces) from its object.
      object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: metadata(pod) },
    })),
  };
}
