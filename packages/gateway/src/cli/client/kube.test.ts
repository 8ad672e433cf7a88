import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { writeKubeconfigEntry } from './kubeActions';

const credentials = { command: '/usr/bin/portcullis', args: ['kube', 'credentials', 'dev-cluster'], env: [{ name: 'PORTCULLIS_HOME', value: '/home/alice/.portcullis' }] };

/** The user entry that has kubectl run the command line for its token. */
const execUser = {
  exec: {
    apiVersion: 'client.authentication.k8s.io/v1',
    command: '/usr/bin/portcullis',
    args: ['kube', 'credentials', 'dev-cluster'],
    env: [{ name: 'PORTCULLIS_HOME', value: '/home/alice/.portcullis' }],
    interactiveMode: 'Never',
    provideClusterInfo: false,
  },
};

describe('writing the kubeconfig entry of a cluster', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portcullis-kube-login-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a file only its owner can read, with the cluster, the exec credential plugin and a current context', () => {
    const file = path.join(dir, 'nested', 'config');
    writeKubeconfigEntry(file, { context: 'gw-dev-cluster', server: 'https://gw:3026/v1/kube/dev-cluster', ca: 'CA PEM', namespace: 'team-a', credentials });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parse(readFileSync(file, 'utf8'))).toEqual({
      apiVersion: 'v1',
      kind: 'Config',
      preferences: {},
      clusters: [{ name: 'gw-dev-cluster', cluster: { server: 'https://gw:3026/v1/kube/dev-cluster', 'certificate-authority-data': Buffer.from('CA PEM').toString('base64') } }],
      users: [{ name: 'gw-dev-cluster', user: execUser }],
      contexts: [{ name: 'gw-dev-cluster', context: { cluster: 'gw-dev-cluster', user: 'gw-dev-cluster', namespace: 'team-a' } }],
      'current-context': 'gw-dev-cluster',
    });
  });

  it('leaves out the CA and the namespace when none is given', () => {
    const file = path.join(dir, 'config');
    writeKubeconfigEntry(file, { context: 'gw-dev-cluster', server: 'https://gw:3026/v1/kube/dev-cluster', credentials });
    const written = parse(readFileSync(file, 'utf8'));
    expect(written.clusters).toEqual([{ name: 'gw-dev-cluster', cluster: { server: 'https://gw:3026/v1/kube/dev-cluster' } }]);
    expect(written.contexts).toEqual([{ name: 'gw-dev-cluster', context: { cluster: 'gw-dev-cluster', user: 'gw-dev-cluster' } }]);
  });

  it("keeps the file's other entries and replaces the one of the same name", () => {
    const file = path.join(dir, 'config');
    const other = {
      clusters: [{ name: 'minikube', cluster: { server: 'https://192.168.49.2:8443' } }],
      users: [{ name: 'minikube', user: { token: 'minikube-token' } }],
      contexts: [{ name: 'minikube', context: { cluster: 'minikube', user: 'minikube' } }],
    };
    const stale = {
      clusters: [...other.clusters, { name: 'gw-dev-cluster', cluster: { server: 'https://old:3026/v1/kube/dev-cluster' } }],
      users: [{ name: 'gw-dev-cluster', user: { token: 'stale' } }, ...other.users],
      contexts: [...other.contexts, { name: 'gw-dev-cluster', context: { cluster: 'gw-dev-cluster', user: 'gw-dev-cluster', namespace: 'old' } }],
    };
    writeFileSync(file, stringify({ apiVersion: 'v1', kind: 'Config', preferences: { colors: true }, ...stale, 'current-context': 'minikube' }), { mode: 0o644 });
    writeKubeconfigEntry(file, { context: 'gw-dev-cluster', server: 'https://gw:3026/v1/kube/dev-cluster', credentials });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parse(readFileSync(file, 'utf8'))).toEqual({
      apiVersion: 'v1',
      kind: 'Config',
      preferences: { colors: true },
      clusters: [...other.clusters, { name: 'gw-dev-cluster', cluster: { server: 'https://gw:3026/v1/kube/dev-cluster' } }],
      users: [...other.users, { name: 'gw-dev-cluster', user: execUser }],
      contexts: [...other.contexts, { name: 'gw-dev-cluster', context: { cluster: 'gw-dev-cluster', user: 'gw-dev-cluster' } }],
      'current-context': 'gw-dev-cluster',
    });
  });
});
