import { ThemeProvider } from '@portcullis/design';
import { makeKube } from '@portcullis/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConnectKubeDialog } from './ConnectKubeDialog';

const staging = makeKube({ name: 'staging', kubernetes_users: ['alice'], kubernetes_groups: ['developers'] });
const production = makeKube({
  name: 'production',
  kubernetes_users: ['alice', 'viewer'],
  kubernetes_groups: [],
});

let open: jest.SpyInstance;
beforeEach(() => (open = jest.spyOn(window, 'open').mockReturnValue(null)));
afterEach(() => open.mockRestore());

function renderDialog(kube = staging, onClose = jest.fn()) {
  render(
    <ThemeProvider>
      <ConnectKubeDialog
        clusterId="main"
        kube={kube}
        proxy="https://gw.example.com"
        username="alice"
        onClose={onClose}
      />
    </ThemeProvider>,
  );
  return screen.getByRole('dialog', { name: `Connect to ${kube.name}` });
}

test('shows the kubectl command lines for this gateway, user and cluster, with a copy button', async () => {
  const user = userEvent.setup();
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const dialog = renderDialog();
  const commands =
    'portcullis login --proxy https://gw.example.com --user alice\nportcullis kube login staging\nkubectl get pods';
  expect(
    within(dialog).getByText((_, el) => el?.tagName === 'CODE' && el.textContent === commands),
  ).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Copy kubectl commands' }));
  expect(writeText).toHaveBeenCalledWith(commands);
});

test('the pod form starts in the default namespace with /bin/sh, focused on the pod; from the keyboard, Open opens the terminal route in a new tab', async () => {
  const user = userEvent.setup();
  const dialog = renderDialog();
  expect(within(dialog).getByRole('textbox', { name: 'Namespace *' })).toHaveValue('default');
  expect(within(dialog).getByRole('textbox', { name: 'Command *' })).toHaveValue('/bin/sh');
  expect(within(dialog).getByRole('textbox', { name: 'Container' })).toHaveValue('');
  // One Kubernetes user granted: nothing to choose.
  expect(within(dialog).queryByRole('combobox', { name: 'Kubernetes user' })).toBeNull();
  expect(within(dialog).getByRole('textbox', { name: 'Pod *' })).toHaveFocus();

  await user.keyboard('web-7d9f');
  await user.tab();
  expect(within(dialog).getByRole('textbox', { name: 'Container' })).toHaveFocus();
  await user.tab();
  expect(within(dialog).getByRole('textbox', { name: 'Command *' })).toHaveFocus();
  await user.tab();
  expect(within(dialog).getByRole('button', { name: 'Open terminal' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(open).toHaveBeenCalledTimes(1);
  expect(open).toHaveBeenCalledWith(
    '/web/cluster/main/console/kube/exec/staging?namespace=default&pod=web-7d9f&command=%2Fbin%2Fsh&kubernetes_user=alice',
    '_blank',
    'noopener',
  );
});

test('a pod is required: Open says so and opens nothing until one is named', async () => {
  const user = userEvent.setup();
  const dialog = renderDialog();
  await user.click(within(dialog).getByRole('button', { name: 'Open terminal' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Name the pod');
  expect(open).not.toHaveBeenCalled();

  await user.type(within(dialog).getByRole('textbox', { name: 'Pod *' }), 'web-1');
  expect(within(dialog).queryByRole('alert')).toBeNull();
  await user.click(within(dialog).getByRole('button', { name: 'Open terminal' }));
  expect(open).toHaveBeenCalledTimes(1);
});

test('namespace, container, command and the Kubernetes user picked among those granted go into the route', async () => {
  const user = userEvent.setup();
  const dialog = renderDialog(production);
  const namespace = within(dialog).getByRole('textbox', { name: 'Namespace *' });
  await user.clear(namespace);
  await user.type(namespace, 'shop');
  await user.type(within(dialog).getByRole('textbox', { name: 'Pod *' }), 'api-0');
  await user.type(within(dialog).getByRole('textbox', { name: 'Container' }), 'sidecar');
  const command = within(dialog).getByRole('textbox', { name: 'Command *' });
  await user.clear(command);
  await user.type(command, '  bash  -l ');
  await user.click(within(dialog).getByRole('combobox', { name: 'Kubernetes user' }));
  await user.click(await screen.findByRole('option', { name: 'viewer' }));
  await user.click(within(dialog).getByRole('button', { name: 'Open terminal' }));
  expect(open).toHaveBeenCalledWith(
    '/web/cluster/main/console/kube/exec/production?namespace=shop&pod=api-0&container=sidecar&command=bash%20-l&kubernetes_user=viewer',
    '_blank',
    'noopener',
  );
});

test('an emptied namespace or command is refused rather than sent', async () => {
  const user = userEvent.setup();
  const dialog = renderDialog();
  await user.type(within(dialog).getByRole('textbox', { name: 'Pod *' }), 'web-1');
  await user.clear(within(dialog).getByRole('textbox', { name: 'Namespace *' }));
  await user.clear(within(dialog).getByRole('textbox', { name: 'Command *' }));
  await user.click(within(dialog).getByRole('button', { name: 'Open terminal' }));
  expect(
    within(dialog)
      .getAllByRole('alert')
      .map((a) => a.textContent),
  ).toEqual(['Name the namespace', 'Give the command to run']);
  expect(open).not.toHaveBeenCalled();
});

test('Escape, the title bar’s close button and Close close the dialog', async () => {
  const user = userEvent.setup();
  const onClose = jest.fn();
  const dialog = renderDialog(staging, onClose);
  await user.keyboard('{Escape}');
  expect(onClose).toHaveBeenCalledTimes(1);
  const [titleBarClose, footerClose] = within(dialog).getAllByRole('button', { name: 'Close' });
  await user.click(titleBarClose!);
  expect(onClose).toHaveBeenCalledTimes(2);
  await user.click(footerClose!);
  expect(onClose).toHaveBeenCalledTimes(3);
  expect(open).not.toHaveBeenCalled();
});

test('an app that keeps terminals itself gets the pod, command and Kubernetes user, and the dialog closes', async () => {
  const user = userEvent.setup();
  const onClose = jest.fn();
  const opened: unknown[] = [];
  render(
    <ThemeProvider>
      <ConnectKubeDialog
        clusterId="main"
        kube={production}
        proxy="https://gw.example.com"
        username="alice"
        onClose={onClose}
        onOpenTerminal={(exec) => opened.push(exec)}
      />
    </ThemeProvider>,
  );
  await user.type(screen.getByRole('textbox', { name: 'Pod *' }), 'api-0');
  await user.click(screen.getByRole('combobox', { name: 'Kubernetes user' }));
  await user.click(await screen.findByRole('option', { name: 'viewer' }));
  await user.click(screen.getByRole('button', { name: 'Open terminal' }));
  expect(opened).toEqual([{ namespace: 'default', pod: 'api-0', command: ['/bin/sh'], kubernetes_user: 'viewer' }]);
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(open).not.toHaveBeenCalled();
});
