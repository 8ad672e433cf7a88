import { apiPaths } from '@portcullis/shared';
import type { Gateway } from '../../platform/server/context';
import { setSessionCookie } from '../websessions/cookie';
import { presentHeadlessRequest } from './presenter';
import { headlessDecisionBody, headlessLoginBody, headlessParams, headlessSessionBody } from './schemas';
import { headlessPollMs, HeadlessService } from './service';

/** Headless sign-in: the command line asks and collects; the user approves or denies in a signed-in browser. */
export function headlessRoutes(gw: Gateway, service = new HeadlessService(gw.store, gw.webSessions, gw.mfa, gw.now, gw.publicUrl)) {
  const secure = !!gw.config.tls;

  gw.route('POST', apiPaths.headlessLogin, {
    access: { public: 'a command line without a session asks for one; nothing is granted until the user approves it' },
    body: headlessLoginBody,
    handler: ({ body, req }) => service.request(body.user, req.ip),
  });

  gw.route('GET', apiPaths.headlessSso, {
    access: { signedIn: 'a user looks at a headless request made in their name (anyone else is told it does not exist)' },
    params: headlessParams,
    handler: async ({ identity, params }) => presentHeadlessRequest(await service.get(identity!, params.requestId)),
  });

  gw.route('PUT', apiPaths.headlessSso, {
    access: { signedIn: 'a user approves, with a second factor, or denies a headless request made in their name' },
    params: headlessParams,
    body: headlessDecisionBody,
    handler: async ({ identity, params, body, req }) => {
      await service.decide(identity!, params.requestId, body, req.ip);
      return { message: 'ok' };
    },
  });

  gw.route('POST', apiPaths.headlessLoginSession, {
    access: { public: 'the command line collects its approved session; the secret only it was given is the credential' },
    params: headlessParams,
    body: headlessSessionBody,
    handler: async ({ params, body, req, reply }) => {
      // A command line that gives up stops the wait with it.
      const gaveUp = new AbortController();
      reply.raw.once('close', () => gaveUp.abort());
      const collected = await service.collect(params.requestId, body.secret, req.ip, { waitMs: headlessPollMs, signal: gaveUp.signal });
      if (collected.state === 'pending') return reply.code(202).send({ state: 'pending' });
      setSessionCookie(reply, collected.issued, secure);
      return collected.issued.json;
    },
  });
}
