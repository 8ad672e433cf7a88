import { Card, Flex, H1, Text } from '@portcullis/design';
import { type ReactNode, useContext } from 'react';
import { InsideMainLayout } from '../layout/mainLandmark';

/**
 * The frame every error page shares: a card in the middle of the page with a title and what happened. On its
 * own it is the page's main landmark and fills the window; inside the main layout it is just the card.
 */
export function ErrorScreen({ title, children }: { title: string; children?: ReactNode }) {
  const inLayout = useContext(InsideMainLayout);
  return (
    <Flex
      as={inLayout ? 'div' : 'main'}
      justifyContent="center"
      alignItems="flex-start"
      pt={9}
      px={3}
      minHeight={inLayout ? 0 : '100vh'}
    >
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
