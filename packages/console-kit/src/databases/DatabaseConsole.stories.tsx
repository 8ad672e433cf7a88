import { Box } from '@portcullis/design';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { DatabaseConsoleMessage, DatabaseQueryMessage } from '@portcullis/shared';
import { userEvent, within } from 'storybook/test';
import { DatabaseConsole } from './DatabaseConsole';
import type { DatabaseSocket } from './databaseConsoleSocket';

type Listener = (event: { data: unknown; code: number; reason: string }) => void;

/**
 * A gateway in the story: it accepts the connection, answers statements about `nope` with the database's error,
 * and any other with a small table holding a NULL. `refuse` stands for a connection the gateway turns down.
 */
class StorySocket implements DatabaseSocket {
  readyState = 0;
  private listeners = new Map<string, Listener[]>();
  constructor(refuse?: string) {
    setTimeout(() => {
      this.readyState = 1;
      this.emit('open');
      if (refuse) {
        this.reply({ type: 'error', message: refuse });
        this.readyState = 3;
        this.emit('close', undefined, 1008, refuse);
      } else
        this.reply({
          type: 'ready',
          sid: '6c0f2a9e-story',
          protocol: 'postgres',
          dbUser: 'alice',
          dbName: 'sales',
        });
    });
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(data: string) {
    const { id, query } = JSON.parse(data) as DatabaseQueryMessage;
    setTimeout(() =>
      this.reply(
        query.includes('nope')
          ? { type: 'error', id, message: 'relation "nope" does not exist' }
          : {
              type: 'result',
              id,
              columns: ['id', 'email', 'deleted_at'],
              rows: [
                ['1', 'ana@example.com', null],
                ['2', 'bo@example.com', '2026-01-04 10:00:00'],
              ],
              command: 'SELECT 2',
              rowCount: 2,
              durationMs: 3,
            },
      ),
    );
  }
  close() {
    this.readyState = 3;
  }
  private reply(message: DatabaseConsoleMessage) {
    this.emit('message', JSON.stringify(message));
  }
  private emit(type: string, data?: unknown, code = 1000, reason = '') {
    for (const listener of this.listeners.get(type) ?? []) listener({ data, code, reason });
  }
}

const meta = {
  title: 'Databases/DatabaseConsole',
  component: DatabaseConsole,
  parameters: { layout: 'fullscreen' },
  args: { database: 'orders', connect: () => new StorySocket() },
  render: (args) => (
    <Box height="100vh">
      <DatabaseConsole {...args} />
    </Box>
  ),
} satisfies Meta<typeof DatabaseConsole>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Connected, nothing run yet. */
export const Default: Story = {};

/** Two statements run: rows (a NULL among them) and the database's error. */
export const WithResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: 'Statement' });
    await canvas.findByText(/^Connected to orders/);
    for (const statement of ['select id, email, deleted_at from customers', 'select * from nope']) {
      await userEvent.click(editor);
      await userEvent.paste(statement);
      await userEvent.keyboard('{Control>}{Enter}{/Control}');
      await canvas.findByRole('article', {
        name: statement.includes('nope') ? 'Statement 2' : 'Statement 1',
      });
    }
    await canvas.findByText('relation "nope" does not exist');
  },
};

/** The gateway turned the connection down: its reason, and no editor. */
export const Refused: Story = {
  args: { connect: () => new StorySocket('access to db denied: no role allows database user alice') },
};
