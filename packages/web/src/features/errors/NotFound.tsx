import { Link } from '@portcullis/design';
import { webRoutes } from '@portcullis/shared';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorScreen, ErrorText } from './ErrorScreen';

export default function NotFound() {
  return (
    <ErrorScreen title="404 Not Found">
      <ErrorText>The requested path could not be found.</ErrorText>
      <Link as={RouterLink} to={webRoutes.root}>
        Go to the home page
      </Link>
    </ErrorScreen>
  );
}
