import { Card, Flex, H1, H2, Indicator, Text } from '@portcullis/design';
import { useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { userContextAtom } from '../../session/userContext';
import { ChangePasswordForm } from './ChangePasswordForm';
import { MfaDevices } from './MfaDevices';

/**
 * Account settings: who is signed in, the password and the second-factor devices (each also a page of its own,
 * /web/account/password and /web/account/twofactor, which other places link to).
 */
export default function AccountPage() {
  const user = useAtomValue(userContextAtom);
  return (
    <>
      <H1 mb={2}>Account Settings</H1>
      <Text muted mb={4}>
        Signed in as {user.username}
      </Text>
      <Flex flexDirection="column" alignItems="flex-start" gap={4}>
        <Card>
          <H2 mb={3}>Change Password</H2>
          <ChangePasswordForm />
        </Card>
        <Card width="100%">
          <H2 mb={3}>Two-Factor Devices</H2>
          <Suspense fallback={<Indicator />}>
            <MfaDevices />
          </Suspense>
        </Card>
      </Flex>
    </>
  );
}
