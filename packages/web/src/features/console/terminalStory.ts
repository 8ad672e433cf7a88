import { showsText } from '../../stories/storyGateway';

/**
 * A terminal story's play step: it waits for `text`, then takes the focus off the terminal, whose cursor
 * blinks while focused, so a screenshot would catch it on or off.
 */
export const showsTextUnfocused =
  (text: string | RegExp) =>
  async (context: { canvasElement: HTMLElement }) => {
    await showsText(text)(context);
    (document.activeElement as HTMLElement | null)?.blur();
  };
