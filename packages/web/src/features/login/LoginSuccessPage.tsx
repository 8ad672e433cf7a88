import { Card, Flex, H1, Text } from '@portcullis/design';

/** Shown after a sign-in that another client started (e.g. the command line), which takes it from here. */
export default function LoginSuccessPage() {
  return (
    <Flex as="main" justifyContent="center" alignItems="flex-start" pt={9} px={3} minHeight="100vh">
      <Card>
        <H1 mb={3}>Login Successful</H1>
        <Text typography="body1">
          You have successfully signed in. You may close this window and continue.
        </Text>
      </Card>
    </Flex>
  );
}
