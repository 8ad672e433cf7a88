import type { Gateway } from '../../platform/server/context';
import type { NodeRepo } from '../../resources/nodes/repo';
import { ModelClient } from './model';
import { assistRoutes } from './routes';
import { loadAssistSettings } from './settings';
import { ConversationStore } from './store';

/**
 * The assistant: a chat with a model behind an OpenAI-compatible endpoint that finds the nodes the person may see
 * and proposes commands, which only the person can run (the console runs them through the command websocket).
 * Off unless `assist` is configured; an unreadable key file stops the start.
 */
export function registerAssist(gw: Gateway, nodes: NodeRepo): void {
  const settings = loadAssistSettings(gw.config.assist);
  const deps = settings && { store: gw.store, conversations: new ConversationStore(gw.store, gw.now), model: new ModelClient(settings), now: gw.now };
  assistRoutes(gw, deps, nodes);
}
