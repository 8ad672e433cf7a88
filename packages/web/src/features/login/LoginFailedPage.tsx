import { Link } from '@portcullis/design';
import { webRoutes } from '@portcullis/shared';
import { useSearchParams } from 'react-router-dom';
import { ErrorScreen, ErrorText } from '../errors/ErrorScreen';

/**
 * Both variants: the legacy route and the /msg/error/login family; the server may add a reason, as `details`
 * (single sign-on callbacks) or `message`.
 */
export default function LoginFailedPage() {
  const [params] = useSearchParams();
  const reason = params.get('details') ?? params.get('message');
  return (
    <ErrorScreen title="Login Unsuccessful">
      {reason ? <ErrorText>{reason}</ErrorText> : null}
      <Link href={webRoutes.login}>Please attempt to log in again.</Link>
    </ErrorScreen>
  );
}
