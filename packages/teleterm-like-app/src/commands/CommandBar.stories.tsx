import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { CommandBar } from './CommandBar';

const meta: Meta<typeof CommandBar> = {
  title: 'Workspace/Command bar',
  component: CommandBar,
  args: {
    run: () => Promise.resolve({ error: 'No server named web-9 in production.' }),
    onOutcome: () => {},
  },
};
export default meta;

/** Opened with Ctrl+K, a command half typed. */
export const Open: StoryObj<typeof CommandBar> = {
  play: async ({ canvasElement }) => {
    await userEvent.keyboard('{Control>}k{/Control}');
    const input = within(canvasElement).getByRole('textbox', { name: 'Command' });
    await userEvent.click(input);
    await userEvent.type(input, 'ssh root@web');
  },
};

/** What it says when the command cannot run. */
export const Refused: StoryObj<typeof CommandBar> = {
  args: { defaultValue: 'ssh root@web-9' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.type(page.getByRole('textbox', { name: 'Command' }), '{Enter}');
    await page.findByRole('alert');
  },
};
