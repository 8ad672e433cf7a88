import { apiPaths, compilePath } from '@portcullis/shared';
import { http, HttpResponse } from 'msw';

const all = { list: true, read: true, edit: true, create: true, remove: true };

/** The gateway's user context and ping for a user holding every verb on the given ACL areas. */
export const userContextHandlers = (areas: string[], username = 'alice') => [
  http.get(compilePath(apiPaths.userContext, { clusterId: 'localhost' }), () =>
    HttpResponse.json({
      userName: username,
      authType: 'local',
      userAcl: Object.fromEntries(areas.map((a) => [a, all])),
      cluster: { name: 'localhost', status: 'online', proxyVersion: '0.1.0', publicURL: 'localhost:3080' },
    }),
  ),
  http.get(apiPaths.ping, () => HttpResponse.json({ proxy: { assist_enabled: false } })),
];
