import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { H2, Text } from '../Text';
import { Card } from './Card';

const meta = { title: 'Design/Card', component: Card } satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: {
    children: (
      <>
        <H2 mb={3}>Sign in to Portcullis</H2>
        <Text mb={4}>Cards are 540 px wide unless told otherwise.</Text>
        <Button block>Continue</Button>
      </>
    ),
  },
};
export const CustomWidth: Story = { args: { width: 320, children: <Text>A narrower card, 320 px.</Text> } };
