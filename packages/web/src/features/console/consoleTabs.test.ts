/** @jest-environment node */
import { closeTab, openTab, tabPath, tabTitle, updateTab } from './consoleTabs';

const node = (serverId: string, login = 'root') => ({ clusterId: 'main', serverId, login });

test('opening a node and login adds a connecting tab once; opening it again keeps one tab', () => {
  const once = openTab([], node('n1'));
  expect(once).toEqual([{ id: 'n1/root', clusterId: 'main', serverId: 'n1', login: 'root', status: 'connecting' }]);
  expect(openTab(once, node('n1'))).toBe(once);
  expect(openTab(once, node('n1', 'alice')).map((t) => t.id)).toEqual(['n1/root', 'n1/alice']);
});

test('a tab is titled login@hostname once the gateway named the host, login@serverId before', () => {
  const [tab] = openTab([], node('3f2a'));
  expect(tabTitle(tab!)).toBe('root@3f2a');
  const [named] = updateTab([tab!], tab!.id, { hostname: 'web-1' });
  expect(tabTitle(named!)).toBe('root@web-1');
});

test('a tab’s route is the console’s node route, with each part encoded', () => {
  expect(tabPath(node('n 1', 'ops'))).toBe('/web/cluster/main/console/node/n%201/ops');
});

test('closing a tab hands focus to its right neighbour, else its left, else none', () => {
  const tabs = ['a', 'b', 'c'].reduce((acc, id) => openTab(acc, node(id)), [] as ReturnType<typeof openTab>);
  expect(closeTab(tabs, 'b/root').next?.serverId).toBe('c');
  expect(closeTab(tabs, 'c/root').next?.serverId).toBe('b');
  const last = closeTab(openTab([], node('a')), 'a/root');
  expect(last).toEqual({ tabs: [], next: undefined });
  expect(closeTab(tabs, 'zzz').tabs).toBe(tabs);
});
