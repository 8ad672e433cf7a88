import type { DaemonWorkspaceJson } from '@portcullis/shared';
import {
  activateDocument,
  closeDocument,
  forgetProfile,
  type NewDocument,
  nthDocument,
  openDocument,
  stepDocument,
} from './documents';

const ids = (...list: string[]) => {
  const queue = [...list];
  return () => queue.shift()!;
};
const terminal = (title: string, profile = 'a'): NewDocument => ({
  kind: 'terminal',
  profile,
  clusterId: 'c',
  serverId: 's',
  login: 'root',
  title,
});

function three(): DaemonWorkspaceJson {
  const next = ids('1', '2', '3');
  let ws: DaemonWorkspaceJson = { documents: [] };
  for (const title of ['one', 'two', 'three']) ws = openDocument(ws, terminal(title), next);
  return ws;
}

test('opening adds a tab and shows it; a cluster’s resources or a connection is shown again rather than opened twice', () => {
  let ws = openDocument({ documents: [] }, { kind: 'resources', profile: 'a', title: 'A' }, ids('r'));
  ws = openDocument(ws, { kind: 'database', profile: 'a', connectionId: 'c1', title: 'db' }, ids('d'));
  expect(ws.activeDocumentId).toBe('d');
  ws = openDocument(ws, { kind: 'resources', profile: 'a', title: 'A' }, ids('again'));
  expect(ws.documents.map((d) => d.id)).toEqual(['r', 'd']);
  expect(ws.activeDocumentId).toBe('r');
  ws = openDocument(ws, { kind: 'database', profile: 'a', connectionId: 'c1', title: 'db' }, ids('again'));
  expect(ws.activeDocumentId).toBe('d');
});

test('two terminals on the same node are two tabs', () => {
  const ws = openDocument(openDocument({ documents: [] }, terminal('x'), ids('1')), terminal('x'), ids('2'));
  expect(ws.documents.map((d) => d.id)).toEqual(['1', '2']);
});

test('closing the active tab shows the one to its right, or to its left when it was the last', () => {
  const ws = three();
  expect(closeDocument(activateDocument(ws, '2'), '2').activeDocumentId).toBe('3');
  expect(closeDocument(ws, '3').activeDocumentId).toBe('2');
  expect(closeDocument(activateDocument(ws, '1'), '3').activeDocumentId).toBe('1');
  expect(closeDocument(closeDocument(closeDocument(ws, '3'), '2'), '1')).toEqual({
    documents: [],
    activeDocumentId: undefined,
  });
});

test('next and previous wrap around; the nth tab exists or nothing changes', () => {
  const ws = three();
  expect(stepDocument(ws, 1).activeDocumentId).toBe('1');
  expect(stepDocument(activateDocument(ws, '1'), -1).activeDocumentId).toBe('3');
  expect(nthDocument(ws, 1).activeDocumentId).toBe('2');
  expect(nthDocument(ws, 5)).toBe(ws);
});

test('signing out of a profile closes its tabs', () => {
  let ws = openDocument(three(), terminal('other', 'b'), ids('4'));
  ws = forgetProfile(activateDocument(ws, '2'), 'a');
  expect(ws).toEqual({ documents: [{ ...terminal('other', 'b'), id: '4' }], activeDocumentId: '4' });
});
