import type { Meta, StoryObj } from '@storybook/react-vite';
import { makeDatabase } from '@portcullis/shared';
import { ConnectDatabaseDialog } from './ConnectDatabaseDialog';

const orders = makeDatabase({
  name: 'orders',
  desc: 'Orders and invoices',
  type: 'self-hosted',
  protocol: 'postgres',
  database_users: ['alice', 'reporting'],
  database_names: ['sales', '*'],
  hostname: 'db-1.internal',
});

const meta = {
  title: 'Databases/ConnectDatabaseDialog',
  component: ConnectDatabaseDialog,
  parameters: { layout: 'fullscreen' },
  args: { database: orders, onClose: () => {}, onOpenConsole: () => {} },
} satisfies Meta<typeof ConnectDatabaseDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Users and names to pick from (any name may be typed too), the command lines, and the query console. */
export const Default: Story = {};

/** Redis: any user is typed, and the database is a number, 0 to begin with. */
export const Redis: Story = {
  args: {
    database: makeDatabase({
      name: 'cache',
      type: 'self-hosted',
      protocol: 'redis',
      database_users: ['*'],
      hostname: 'cache.internal',
    }),
  },
};

/** Where the app has no query console to open, only the command lines. */
export const CommandLinesOnly: Story = { args: { onOpenConsole: undefined } };
