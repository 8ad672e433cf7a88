import { apiPaths, websocketPaths } from '@portcullis/shared';
import { z } from 'zod';
import { notFound } from '../../platform/access/errors';
import type { Gateway } from '../../platform/server/context';
import type { NodeRepo } from '../../resources/nodes/repo';
import { presentConversation } from './presenter';
import { assistantSocketParams, assistantSocketQuery, conversationParams, titleBody, titleSummaryBody } from './schemas';
import { assistSession } from './session';
import { summariseTitle } from './title';
import type { AssistDeps } from './turn';

export const notConfigured = 'the assistant is not configured on this gateway';

/**
 * The assistant's conversations, titles and websocket. The routes exist whether or not assist is configured, so
 * their access checks are always walked; when it is not, each answers 404 saying so.
 */
export function assistRoutes(gw: Gateway, deps: AssistDeps | undefined, nodes: NodeRepo) {
  const on = (): AssistDeps => {
    if (!deps) throw notFound(notConfigured);
    return deps;
  };

  gw.route('GET', apiPaths.assistConversations, {
    access: { resource: 'assistant', verb: 'list' },
    handler: async ({ identity }) => ({ conversations: (await on().conversations.list(identity!.user.name)).map(presentConversation) }),
  });

  gw.route('POST', apiPaths.assistConversations, {
    access: { resource: 'assistant', verb: 'create' },
    body: z.object({}),
    handler: async ({ identity }) => presentConversation(await on().conversations.create(identity!.user.name)),
  });

  gw.route('DELETE', apiPaths.assistConversation, {
    access: { resource: 'assistant', verb: 'delete' },
    params: conversationParams,
    handler: async ({ identity, params }) => {
      await on().conversations.remove(identity!.user.name, params.conversationId);
      return { message: 'ok' };
    },
  });

  gw.route('PUT', apiPaths.assistConversationTitle, {
    access: { resource: 'assistant', verb: 'update' },
    params: conversationParams,
    body: titleBody,
    handler: async ({ identity, params, body }) => presentConversation(await on().conversations.rename(identity!.user.name, params.conversationId, body.title)),
  });

  gw.route('POST', apiPaths.assistTitleSummary, {
    access: { resource: 'assistant', verb: 'create' },
    body: titleSummaryBody,
    handler: async ({ body }) => ({ title: await summariseTitle(on().model, body.message) }),
  });

  gw.socket(websocketPaths.assistant, {
    access: { resource: 'assistant', verb: 'read' },
    params: assistantSocketParams,
    query: assistantSocketQuery,
    handler: (socket, { identity, params, query, req }) => {
      if (!deps) {
        socket.send(JSON.stringify({ type: 'message', message: { id: 'not-configured', kind: 'error', text: notConfigured, createdAt: new Date(gw.now()).toISOString() } }));
        return socket.close(1000, 'not configured');
      }
      assistSession(socket, deps, { identity: identity!, conversationId: query.conversation_id, siteId: params.clusterId, nodes, locks: gw.locks, log: req.log });
    },
  });
}
