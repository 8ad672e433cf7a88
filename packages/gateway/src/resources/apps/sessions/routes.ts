import { apiPaths } from '@portcullis/shared';
import type { Gateway } from '../../../platform/server/context';
import { createAppSessionBody } from './schemas';
import type { AppSessionService } from './service';

/** POST /sessions/app: the launcher asks for an app session, whose cookie values it then hands to the app's host. */
export function appSessionRoutes(gw: Gateway, service: AppSessionService) {
  gw.route('POST', apiPaths.appSession, {
    access: { signedIn: 'a user opens an app; the service checks that their roles reach it' },
    body: createAppSessionBody,
    handler: ({ identity, body, req }) => service.create(identity!, body, req.ip),
  });
}
