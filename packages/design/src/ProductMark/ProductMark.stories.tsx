import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProductMark } from './ProductMark';

const meta = { title: 'Design/ProductMark', component: ProductMark } satisfies Meta<typeof ProductMark>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
