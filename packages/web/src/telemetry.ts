import { apiPaths } from '@portcullis/shared';
import { api } from './client';

/** Usage telemetry: one pre-user event per page view, sent to the gateway's capture endpoint. */
function capture() {
  void api
    .post(apiPaths.capturePreUserEvent, {
      event: 'ui.page.view',
      eventData: { path: window.location.pathname },
    })
    .catch(() => {});
}

capture();
window.addEventListener('popstate', capture);
