import type { DaemonConnectionJson, DaemonProfileJson, DaemonWorkspaceJson } from '@portcullis/shared';
import { within } from 'storybook/test';

/** Canned answers by "METHOD /path" ("/path" alone for GET), for the daemon and, under its prefix, the gateways. */
export type StoryAnswers = Record<string, unknown>;

/** What a story's daemon answers to a request: its canned body, else a 404 naming what was missing. */
function answerFor(answers: StoryAnswers, input: RequestInfo | URL, init?: RequestInit): Response {
  const { pathname } = new URL(String(input instanceof Request ? input.url : input), window.location.origin);
  const method = (init?.method ?? 'GET').toUpperCase();
  const key = `${method} ${pathname}`;
  const body = key in answers ? answers[key] : method === 'GET' ? answers[pathname] : undefined;
  if (body === undefined)
    return Response.json({ error: { message: `the story has no answer for ${key}` } }, { status: 404 });
  if (body === null) return new Response(null, { status: 204 });
  const { status, ...json } = body as { status?: number };
  return Response.json(status ? json : body, { status: status ?? 200 });
}

/** A Storybook loader's step: the page's requests get `answers` instead of a daemon. */
export function answerWith(answers: StoryAnswers) {
  window.fetch = (input, init) => Promise.resolve(answerFor(answers, input, init));
}

/** The daemon's usual answers for a signed-in workspace; a story adds or overrides its own. */
export function daemonAnswers(p: {
  profiles: DaemonProfileJson[];
  workspace: DaemonWorkspaceJson;
  connections?: DaemonConnectionJson[];
}): StoryAnswers {
  return {
    '/v1/daemon/profiles': p.profiles,
    '/v1/daemon/workspace': p.workspace,
    'PUT /v1/daemon/workspace': null,
    '/v1/daemon/connections': p.connections ?? [],
  };
}

/** A play step that waits for the story's data, so a screenshot never shows it loading. */
export const showsText =
  (text: string | RegExp) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await within(canvasElement).findByText(text, {}, { timeout: 5000 });
  };
