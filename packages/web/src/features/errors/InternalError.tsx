import { Button } from '@portcullis/design';
import { ErrorScreen, ErrorText } from './ErrorScreen';

export function InternalError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <ErrorScreen title="Internal Error">
      <ErrorText>{message}</ErrorText>
      {onRetry ? <Button onClick={onRetry}>Retry</Button> : null}
    </ErrorScreen>
  );
}
