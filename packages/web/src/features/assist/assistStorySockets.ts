import { type AssistMessageJson, encodeControl } from '@portcullis/shared';
import { StorySocket } from '../../stories/storySocket';
import type { AssistSockets } from './assistSockets';

/**
 * A gateway in a story: the assistant sends `history`, and every node a confirmed proposal runs on answers with one
 * line of uptime and exit code 0.
 */
export const storySockets = (history: AssistMessageJson[]): AssistSockets => ({
  assistant: () => new StorySocket([JSON.stringify({ type: 'history', messages: history })]),
  command: () =>
    new StorySocket(
      [
        new TextEncoder().encode(' 10:00:01 up 3 days,  load average: 0.01, 0.02, 0.00\n').buffer,
        encodeControl({ type: 'close', reason: 'exited', exitCode: 0 }),
      ],
      true,
    ),
});
