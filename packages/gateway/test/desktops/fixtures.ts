import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent } from '../../src/agent/agent';
import type { AgentDesktop } from '../../src/agent/desktops';

/** Reaches env=dev desktops as alice-win, and lists sessions. */
export const desktopDevRole = `
kind: role
metadata: { name: desktop-dev }
spec:
  allow:
    windows_desktop_labels: { env: dev }
    windows_desktop_logins: [alice-win]
    rules:
      - { resources: [windows_desktop], verbs: [list, read] }
      - { resources: [session, session_tracker], verbs: [list, read] }
`;

/** Turns the clipboard and desktop recording off. */
export const desktopLockedDownRole = `
kind: role
metadata: { name: desktop-locked-down }
spec:
  options:
    desktop_clipboard: false
    record_session: { desktop: false }
`;

/** Sees env=dev desktops and may watch desktop-dev's desktop sessions, but opens none of its own (no logins). */
export const desktopWatcherRole = `
kind: role
metadata: { name: desktop-watcher }
spec:
  allow:
    windows_desktop_labels: { env: dev }
    join_sessions: [{ name: watch, roles: [desktop-dev], kinds: [desktop], modes: [observer] }]
    rules:
      - { resources: [windows_desktop], verbs: [list, read] }
`;

/** Runs an agent serving `desktops`, labelled `labels`; resolves once connected, with the agent's id and each desktop's. */
export async function startDesktopAgent(url: string, token: string, desktops: AgentDesktop[], opts: { labels: Record<string, string>; hostname: string }) {
  const agent = new Agent({
    gateway: url,
    token,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'portcullis-desktop-agent-')),
    labels: opts.labels,
    commandLabels: {},
    desktops,
    hostname: opts.hostname,
    backoff: { first: 100, max: 500 },
    log: () => undefined,
  });
  const connected = new Promise<{ agentId: string; ids: Record<string, string> }>((resolve) =>
    agent.once('connected', ({ agentId, resources }) =>
      resolve({ agentId, ids: Object.fromEntries(resources.filter((r) => r.kind === 'windows_desktop').map((r) => [r.name, r.id])) }),
    ),
  );
  await agent.start();
  return { agent, ...(await connected) };
}
