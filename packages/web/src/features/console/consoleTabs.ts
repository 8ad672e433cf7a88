import type { TerminalStatus } from '@portcullis/console-kit';
import { compilePath, webRoutes } from '@portcullis/shared';
import { atom } from 'jotai';

/** One terminal session open in the console. */
export interface ConsoleTab {
  /** serverId/login: opening the same node and login again brings its tab forward instead of a second shell. */
  id: string;
  clusterId: string;
  serverId: string;
  login: string;
  /** The node's hostname once the gateway has told us, so the tab reads login@hostname. */
  hostname?: string;
  status: TerminalStatus;
  /** The gateway's id of the session, once it has said. */
  sessionId?: string;
  /** The owner's roles require moderators: the tab's file transfers wait for a moderator's approval. */
  moderated?: boolean;
  /** Who is in the session, one entry per party (a user may join twice), once the gateway has said. */
  parties?: string[];
}

export const consoleTabsAtom = atom<ConsoleTab[]>([]);

export const tabId = (serverId: string, login: string) => `${serverId}/${login}`;

export const tabTitle = (tab: ConsoleTab) => `${tab.login}@${tab.hostname ?? tab.serverId}`;

/** The console route of a tab: the URL names the active tab, so reload and links keep it. */
export const tabPath = (tab: Pick<ConsoleTab, 'clusterId' | 'serverId' | 'login'>) =>
  compilePath(webRoutes.consoleConnect, tab);

export function openTab(tabs: ConsoleTab[], target: Pick<ConsoleTab, 'clusterId' | 'serverId' | 'login'>): ConsoleTab[] {
  const id = tabId(target.serverId, target.login);
  if (tabs.some((t) => t.id === id)) return tabs;
  return [...tabs, { ...target, id, status: 'connecting' }];
}

/** A change to one tab: the fields to set, or what to set given the tab as it is (a party joining, say). */
export type TabChange = Partial<ConsoleTab> | ((tab: ConsoleTab) => Partial<ConsoleTab>);

export function updateTab(tabs: ConsoleTab[], id: string, change: TabChange): ConsoleTab[] {
  return tabs.map((t) => (t.id === id ? { ...t, ...(typeof change === 'function' ? change(t) : change) } : t));
}

/** Removes a tab and says which one takes its place (its right neighbour, else its left), if any. */
export function closeTab(tabs: ConsoleTab[], id: string): { tabs: ConsoleTab[]; next?: ConsoleTab } {
  const index = tabs.findIndex((t) => t.id === id);
  if (index < 0) return { tabs };
  const rest = tabs.filter((t) => t.id !== id);
  return { tabs: rest, next: rest[index] ?? rest[index - 1] };
}

/**
 * The parties after one of the session's audit events: a join adds its user, a leave takes one of that user's
 * parties away; other events change nothing.
 */
export function partiesAfter(parties: string[], event: Record<string, unknown>): string[] {
  const { user } = event;
  if (typeof user !== 'string') return parties;
  if (event.event === 'session.join') return [...parties, user];
  if (event.event !== 'session.leave') return parties;
  const index = parties.indexOf(user);
  return index < 0 ? parties : parties.filter((_, i) => i !== index);
}

/** The parties' users as a header names them: each once, in the order they joined. */
export const partyNames = (parties: string[]) => [...new Set(parties)].join(', ');
