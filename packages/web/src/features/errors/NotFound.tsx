import { ErrorScreen, ErrorText } from './ErrorScreen';

export default function NotFound() {
  return (
    <ErrorScreen title="404 Not Found">
      <ErrorText>The requested path could not be found.</ErrorText>
    </ErrorScreen>
  );
}
