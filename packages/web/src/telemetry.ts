import { apiPaths } from '@portcullis/shared';
import { api } from './client';

/**
 * Usage telemetry, loaded only when asked for: one pre-user event for the page the console
 * opened on. A failed report is dropped, as telemetry must never get in the user's way.
 */
void api
  .post(apiPaths.capturePreUserEvent, {
    event: 'ui.page.view',
    eventData: { path: window.location.pathname },
  })
  .catch(() => {});
