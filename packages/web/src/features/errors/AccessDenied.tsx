import { ErrorScreen, ErrorText } from './ErrorScreen';

export default function AccessDenied({ message }: { message?: string }) {
  return <ErrorScreen title="Access Denied">{message ? <ErrorText>{message}</ErrorText> : null}</ErrorScreen>;
}
