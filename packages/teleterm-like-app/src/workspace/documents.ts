import type { DaemonDocumentJson, DaemonProfileJson, DaemonWorkspaceJson } from '@portcullis/shared';

/** A document before the workspace gives it an id (the Omit taken per kind, so each keeps its own fields). */
export type NewDocument = DaemonDocumentJson extends infer D
  ? D extends unknown
    ? Omit<D, 'id'>
    : never
  : never;

export const emptyWorkspace: DaemonWorkspaceJson = { documents: [] };

/** A cluster's resources tab, titled with the cluster's name. */
export const resourcesDocument = (profile: DaemonProfileJson): NewDocument => ({
  kind: 'resources',
  profile: profile.id,
  title: profile.clusterName,
});

/**
 * A resources list of a profile, or a database connection, is one tab: opening it again shows the open one.
 * Terminals are sessions, so each open is a new one.
 */
function sameTab(a: NewDocument, b: NewDocument): boolean {
  if (a.kind === 'resources' && b.kind === 'resources') return a.profile === b.profile;
  if (a.kind === 'database' && b.kind === 'database') return a.connectionId === b.connectionId;
  return false;
}

/** Opens `doc` (or shows the tab already open for it) and makes it the active one. */
export function openDocument(
  ws: DaemonWorkspaceJson,
  doc: NewDocument,
  newId: () => string = () => crypto.randomUUID(),
): DaemonWorkspaceJson {
  const open = ws.documents.find((d) => sameTab(d, doc));
  if (open) return { ...ws, activeDocumentId: open.id };
  const id = newId();
  return { ...ws, documents: [...ws.documents, { ...doc, id } as DaemonDocumentJson], activeDocumentId: id };
}

/** Closes a tab; closing the active one shows its right-hand neighbour, or its left when it was the last. */
export function closeDocument(ws: DaemonWorkspaceJson, id: string): DaemonWorkspaceJson {
  const at = ws.documents.findIndex((d) => d.id === id);
  if (at < 0) return ws;
  const documents = ws.documents.filter((d) => d.id !== id);
  const activeDocumentId =
    ws.activeDocumentId === id ? (documents[at] ?? documents[at - 1])?.id : ws.activeDocumentId;
  return { ...ws, documents, activeDocumentId };
}

export function activateDocument(ws: DaemonWorkspaceJson, id: string): DaemonWorkspaceJson {
  return ws.documents.some((d) => d.id === id) ? { ...ws, activeDocumentId: id } : ws;
}

/** The next (1) or previous (-1) tab, wrapping around. */
export function stepDocument(ws: DaemonWorkspaceJson, by: 1 | -1): DaemonWorkspaceJson {
  const count = ws.documents.length;
  if (count === 0) return ws;
  const at = ws.documents.findIndex((d) => d.id === ws.activeDocumentId);
  return { ...ws, activeDocumentId: ws.documents[(at + by + count) % count]!.id };
}

/** The nth tab (0-based); a number past the last tab changes nothing. */
export function nthDocument(ws: DaemonWorkspaceJson, index: number): DaemonWorkspaceJson {
  const doc = ws.documents[index];
  return doc ? { ...ws, activeDocumentId: doc.id } : ws;
}

/** After signing out of a profile: the daemon forgot its documents, and so does the open workspace. */
export function forgetProfile(ws: DaemonWorkspaceJson, profile: string): DaemonWorkspaceJson {
  return ws.documents
    .filter((d) => d.profile === profile)
    .reduce((next, doc) => closeDocument(next, doc.id), ws);
}

export const activeDocument = (ws: DaemonWorkspaceJson) =>
  ws.documents.find((d) => d.id === ws.activeDocumentId);
