import { decodeBootstrapToken } from '@portcullis/shared';
import { localState } from './client';

/**
 * Before the first render: takes the bearer token the server rendered into the page
 * into local storage and removes the tag, then loads usage telemetry only when its
 * local-storage flag says 'true'.
 */
export function boot(
  doc: Document,
  loadTelemetry: () => Promise<unknown> = () => import('./telemetry'),
): void {
  const tag = doc.querySelector<HTMLMetaElement>('meta[name="grv_bearer_token"]');
  const token = decodeBootstrapToken(tag?.content ?? '');
  tag?.remove();
  if (token) localState.setBearerToken(token);
  if (localState.isTelemetryEnabled()) void loadTelemetry();
}
