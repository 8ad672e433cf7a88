import { presetRoleJson, roleJson } from '@portcullis/gateway/wire';
import { apiPaths, compilePath } from '@portcullis/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import { newRoleTemplate } from './newRoleTemplate';
import RolesPage from './RolesPage';

/** The gateway's answer to a role's YAML: the role as it saved it, or a 400 with its parser's message. */
function saveAnswer(content: string) {
  try {
    return HttpResponse.json(roleJson(content));
  } catch (err) {
    return HttpResponse.json({ error: { message: (err as Error).message } }, { status: 400 });
  }
}

/** A gateway holding the preset roles access and editor, which records what the page sent it. */
function rolesGateway() {
  const roles = [presetRoleJson('access'), presetRoleJson('editor')];
  const sent: { created?: string; updated?: { name: string; content: string } } = {};
  server.use(
    ...userContextHandlers(['roles']),
    http.get(compilePath(apiPaths.roles), () => HttpResponse.json(roles)),
    http.post(compilePath(apiPaths.roles), async ({ request }) => {
      sent.created = ((await request.json()) as { content: string }).content;
      const answer = saveAnswer(sent.created);
      if (answer.ok) roles.push(await answer.clone().json());
      return answer;
    }),
    http.put(apiPaths.roles, async ({ request, params }) => {
      sent.updated = {
        name: params.name as string,
        content: ((await request.json()) as { content: string }).content,
      };
      return saveAnswer(sent.updated.content);
    }),
  );
  return sent;
}

async function renderRoles() {
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <RolesPage />
      </Suspense>,
      { path: '/web/roles' },
    );
  });
}

test('lists the roles', async () => {
  rolesGateway();
  await renderRoles();
  const table = await screen.findByRole('table', { name: 'Roles' });
  expect(
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]!.textContent),
  ).toEqual(['access', 'editor']);
});

test('a new role starts from a template in the YAML editor; the server’s validation message is shown, then a valid role saves and lists', async () => {
  const sent = rolesGateway();
  await renderRoles();
  await userEvent.click(await screen.findByRole('button', { name: 'Create New Role' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create New Role' });
  const editor = within(dialog).getByRole('textbox', { name: 'Role YAML' });
  expect(editor).toHaveTextContent('kind: role');

  // CodeMirror reads its own DOM; in jsdom the editor's text is driven through its view.
  const view = (await import('@codemirror/view')).EditorView.findFromDOM(editor)!;
  act(() =>
    view.dispatch({
      changes: {
        from: 0,
        to: view.state.doc.length,
        insert: 'kind: role\nversion: v7\nmetadata:\n  name: [broken\n',
      },
    }),
  );
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'line 5: Flow sequence in block collection must be sufficiently indented and end with a ]',
  );

  // The gateway refuses a role without a spec: the template, renamed, is the smallest role it saves.
  act(() =>
    view.dispatch({
      changes: {
        from: 0,
        to: view.state.doc.length,
        insert: newRoleTemplate.replace('name: new-role', 'name: auditor-2'),
      },
    }),
  );
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent.created).toContain('name: auditor-2');
  expect(await screen.findByRole('status')).toHaveTextContent('Role auditor-2 has been saved.');
  expect(await screen.findByRole('row', { name: /auditor-2/ })).toBeInTheDocument();
});

test('editing a role opens its content and saves it by name', async () => {
  const sent = rolesGateway();
  await renderRoles();
  await userEvent.click(await screen.findByRole('button', { name: 'Actions for editor' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Role editor' });
  expect(within(dialog).getByRole('textbox', { name: 'Role YAML' })).toHaveTextContent('name: editor');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(sent.updated?.name).toBe('editor'));
  expect(await screen.findByRole('status')).toHaveTextContent('Role editor has been saved.');
});
