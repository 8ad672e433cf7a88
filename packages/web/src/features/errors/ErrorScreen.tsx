import { Card, Flex, H1, Text } from '@portcullis/design';
import type { ReactNode } from 'react';

/** The frame every error page shares: a card in the middle of the page with a title and what happened. */
export function ErrorScreen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Flex as="main" justifyContent="center" alignItems="flex-start" pt={9} px={3} minHeight="100vh">
      <Card>
        <H1 mb={3}>{title}</H1>
        {children}
      </Card>
    </Flex>
  );
}

export function ErrorText({ children }: { children: ReactNode }) {
  return (
    <Text typography="body1" mb={3}>
      {children}
    </Text>
  );
}
