/** @jest-environment node */
import { closeTab, openTab, partiesAfter, partyNames, tabPath, tabTitle, updateTab } from './consoleTabs';

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
  // A change can read the tab it changes.
  const [renamed] = updateTab([named!], tab!.id, (t) => ({ hostname: `${t.hostname}.example.com` }));
  expect(tabTitle(renamed!)).toBe('root@web-1.example.com');
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

test('the session’s join and leave events keep its parties; a user in twice stays until both leave', () => {
  const join = (user: string) => ({ event: 'session.join', user, sid: 's1' });
  const leave = (user: string) => ({ event: 'session.leave', user, sid: 's1' });
  let parties = partiesAfter(partiesAfter(['alice'], join('bob')), join('bob'));
  expect(parties).toEqual(['alice', 'bob', 'bob']);
  expect(partyNames(parties)).toBe('alice, bob');
  parties = partiesAfter(parties, leave('bob'));
  expect(partyNames(parties)).toBe('alice, bob');
  parties = partiesAfter(parties, leave('bob'));
  expect(partyNames(parties)).toBe('alice');
  const unchanged = ['alice'];
  expect(partiesAfter(unchanged, { event: 'session.start', user: 'alice' })).toBe(unchanged);
  expect(partiesAfter(unchanged, leave('carol'))).toBe(unchanged);
});
