import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent } from '../../src/agent/agent';
import { parseKubeClusters } from '../../src/agent/kubeClusters';
import { cliArgs } from '../cli';

/** Reaches env=dev clusters as Kubernetes user alice-k8s in groups devs and viewers, and lists sessions. */
export const kubeDevRole = `
kind: role
metadata: { name: kube-dev }
spec:
  allow:
    kubernetes_labels: { env: dev }
    kubernetes_users: [alice-k8s]
    kubernetes_groups: [devs, viewers]
    rules:
      - { resources: [kube_server], verbs: [list, read] }
      - { resources: [session, session_tracker], verbs: [list, read] }
`;

/** May watch kube-dev's Kubernetes sessions as an observer, and opens none of its own. */
export const kubeWatcherRole = `
kind: role
metadata: { name: kube-watcher }
spec:
  allow:
    join_sessions: [{ name: watch, roles: [kube-dev], kinds: [k8s], modes: [observer] }]
`;

/** Sees env=dev clusters but is granted no Kubernetes user or group on them. */
export const kubeListOnlyRole = `
kind: role
metadata: { name: kube-list-only }
spec:
  allow:
    kubernetes_labels: { env: dev }
    rules:
      - { resources: [kube_server], verbs: [list, read] }
`;

/** Runs an agent serving `clusters` (NAME=KUBECONFIG flags), labelled `labels`; resolves once connected. */
export async function startKubeAgent(url: string, token: string, clusters: string[], labels: Record<string, string>) {
  const agent = new Agent({
    gateway: url,
    token,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'portcullis-kube-agent-')),
    labels,
    commandLabels: {},
    kubeClusters: parseKubeClusters(clusters, () => undefined),
    hostname: 'kube-agent',
    backoff: { first: 100, max: 500 },
    log: () => undefined,
  });
  const connected = new Promise<void>((resolve) => agent.once('connected', () => resolve()));
  await agent.start();
  await connected;
  return agent;
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end, collecting its output. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The portcullis command line, as the user whose profile is in `home`. */
export const portcullis = (home: string, args: string[]) => run(process.execPath, [...cliArgs, ...args], { PORTCULLIS_HOME: home });
