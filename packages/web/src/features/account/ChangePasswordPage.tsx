import { Card, H1 } from '@portcullis/design';
import { ChangePasswordForm } from './ChangePasswordForm';

/** /web/account/password: changing the password, on a page of its own. */
export default function ChangePasswordPage() {
  return (
    <>
      <H1 mb={4}>Change Password</H1>
      <Card>
        <ChangePasswordForm />
      </Card>
    </>
  );
}
