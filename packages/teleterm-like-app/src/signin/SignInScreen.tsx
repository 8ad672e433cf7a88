import { Card, Flex, H1, Text } from '@portcullis/design';
import { SignInForm, type SignInFormProps } from './SignInForm';

/** The first screen, while the workspace has no cluster yet. */
export function SignInScreen(props: SignInFormProps) {
  return (
    <Flex as="main" minHeight="100vh" alignItems="center" justifyContent="center" bg="levels.sunken">
      <Card>
        <H1 mb={2}>Portcullis Workspace</H1>
        <Text muted mb={4}>
          Sign in to a cluster to open its servers, databases and Kubernetes clusters here.
        </Text>
        <SignInForm {...props} />
      </Card>
    </Flex>
  );
}
