import { decodeBootstrapToken } from '@portcullis/shared';
import { localState } from './client';

/**
 * Before the first render: takes the bearer token the server rendered into the page
 * into local storage and removes the tag, then loads usage telemetry only when its
 * local-storage flag says 'true'. A tag the server left empty means it holds no live session for this
 * browser (it ended, or a lock covers it), so a token stored earlier is stale: local state is cleared and
 * the console opens on its login page instead of failing call after call.
 */
export function boot(
  doc: Document,
  loadTelemetry: () => Promise<unknown> = () => import('./telemetry'),
): void {
  // Read before a stale session's state is cleared: the flag is this load's to honour.
  const telemetry = localState.isTelemetryEnabled();
  const tag = doc.querySelector<HTMLMetaElement>('meta[name="grv_bearer_token"]');
  const token = decodeBootstrapToken(tag?.content ?? '');
  tag?.remove();
  if (token) localState.setBearerToken(token);
  else if (tag?.content === '') localState.clear();
  if (telemetry) void loadTelemetry();
}
