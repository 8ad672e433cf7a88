import { Card, H1, Indicator } from '@portcullis/design';
import { Suspense } from 'react';
import { MfaDevices } from './MfaDevices';

/** /web/account/twofactor: the user's second-factor devices. */
export default function MfaDevicesPage() {
  return (
    <>
      <H1 mb={4}>Two-Factor Devices</H1>
      <Card width="100%">
        <Suspense fallback={<Indicator />}>
          <MfaDevices />
        </Suspense>
      </Card>
    </>
  );
}
