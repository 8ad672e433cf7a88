import { ThemeProvider } from '@portcullis/design';
import { makeNode, type Node } from '@portcullis/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NodeList } from './NodeList';

const node = makeNode({
  id: 'n1',
  siteId: 'main',
  hostname: 'web-01',
  addr: '10.0.1.1:22',
  tunnel: false,
  tags: [],
  sshLogins: ['root', 'deploy'],
});
const terminal = '/web/cluster/main/console/node/n1/root';

// jsdom cannot follow links: note whether the page left a click to the browser, then stop it here.
let leftToBrowser: boolean | undefined;
const stop = (e: Event) => {
  leftToBrowser = !e.defaultPrevented;
  e.preventDefault();
};
beforeEach(() => window.addEventListener('click', stop));
afterEach(() => window.removeEventListener('click', stop));

async function openConnectMenu() {
  const connected: string[] = [];
  render(
    <ThemeProvider>
      <NodeList
        clusterId="main"
        onConnect={(n: Node, login) => connected.push(`${login}@${n.hostname}`)}
        fetchNodes={async () => ({ nodes: [node], startKey: '', totalCount: 1 })}
      />
    </ThemeProvider>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Connect' }));
  return connected;
}

test('a plain click on a login connects in this tab, as before', async () => {
  const connected = await openConnectMenu();
  const root = screen.getByRole('menuitem', { name: 'root' });
  fireEvent.click(root);
  expect(leftToBrowser).toBe(false);
  expect(connected).toEqual(['root@web-01']);
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
});

test.each([
  ['Ctrl', { ctrlKey: true }],
  ['Cmd', { metaKey: true }],
  ['Shift', { shiftKey: true }],
  ['middle', { button: 1 }],
])('a %s-click on a login is left to the browser, which opens the terminal in a new tab', async (_, modifier) => {
  const connected = await openConnectMenu();
  const root = screen.getByRole('menuitem', { name: 'root' });
  // A link to the terminal's own address, so the browser (and its context menu) can open it elsewhere.
  expect(root).toHaveAttribute('href', terminal);
  fireEvent.click(root, modifier);
  expect(leftToBrowser).toBe(true);
  expect(connected).toEqual([]);
});

test('the menu offers to open each login in a new tab', async () => {
  const open = jest.spyOn(window, 'open').mockReturnValue(null);
  const connected = await openConnectMenu();
  expect(screen.getByRole('menuitem', { name: 'Open in new tab as deploy' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('menuitem', { name: 'Open in new tab as root' }));
  expect(open).toHaveBeenCalledWith(terminal, '_blank', 'noopener');
  expect(connected).toEqual([]);
  open.mockRestore();
});

test('an app that keeps terminals itself opens "new tab" terminals there, not in the browser', async () => {
  const open = jest.spyOn(window, 'open').mockReturnValue(null);
  const inNewTab: string[] = [];
  render(
    <ThemeProvider>
      <NodeList
        clusterId="main"
        onConnect={() => undefined}
        onOpenInNewTab={(n: Node, login) => inNewTab.push(`${login}@${n.hostname}`)}
        fetchNodes={async () => ({ nodes: [node], startKey: '', totalCount: 1 })}
      />
    </ThemeProvider>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Connect' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Open in new tab as deploy' }));
  expect(inNewTab).toEqual(['deploy@web-01']);
  expect(open).not.toHaveBeenCalled();
  open.mockRestore();
});
