import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { appAuthPath, compilePath, webRoutes } from '@portcullis/shared';
import type { Gateway } from '../../../platform/server/context';
import type { AssertionSigner } from '../jwt/assertion';
import type { AppRecord } from '../repo';
import { appSessionCookies } from '../sessions/cookies';
import type { LiveAppSession, LiveAppSessions } from '../sessions/live';
import { isWebApp } from '../sessions/service';
import { forward } from './forward';
import { readHandoff } from './handoff';
import { headBytes, upstreamRequestHeaders } from './headers';
import type { HostRoute } from './hosts';
import type { AppHostServer } from './intercept';
import { sendPage, sendPageOnSocket, type Page } from './pages';
import { proxyUpgrade } from './upgrade';
import type { Upstreams } from './upstream';

type AppRoute = Exclude<HostRoute, { to: 'gateway' }>;

/**
 * Serves an app's host: the launcher's handoff on appAuthPath, then every other request or websocket of a valid
 * app session proxied to the app with the signed identity. Everything refused gets a page saying what to do,
 * never naming the upstream.
 */
export class AppHosts implements AppHostServer {
  private readonly secure: boolean;

  constructor(
    private readonly gw: Gateway,
    private readonly live: LiveAppSessions,
    private readonly upstreams: Upstreams,
    private readonly signer: AssertionSigner,
    private readonly log: (err: Error, app: AppRecord) => void,
  ) {
    this.secure = !!gw.config.tls;
  }

  async request(req: IncomingMessage, res: ServerResponse, route: AppRoute): Promise<void> {
    const app = this.appOf(route);
    if ('status' in app) return sendPage(res, app);
    if (headBytes(req) > this.gw.config.apps.maxHeaderBytes) return sendPage(res, tooLarge(this.gw.config.apps.maxHeaderBytes));
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname === appAuthPath) return this.handoff(req, res, app);
    const checked = await this.live.check(app, req.headers.cookie, remoteOf(req));
    if ('refused' in checked) return sendPage(res, this.refusalPage(app, checked.refused, checked.reason, req.url));
    const { live } = checked;
    const upstream = this.upstreams.for(app);
    forward(req, res, {
      upstream,
      headers: upstreamRequestHeaders(req, { upstreamHost: upstream.host, proto: this.proto, clientAddr: remoteOf(req), assertion: await this.assertion(live, app), upgrade: false }),
      rewrite: { upstreamOrigin: upstream.origin, publicOrigin: this.publicOrigin(app) },
      maxHeaderBytes: this.gw.config.apps.maxHeaderBytes,
      idleMs: this.gw.config.apps.idleTimeout,
      unreachable: unreachable(app),
      timedOut: { status: 504, title: `${app.name} did not answer`, message: `${app.name} sent nothing for ${this.gw.config.apps.idleTimeout / 1000} s, so the gateway gave up.` },
      done: (status) => this.live.count(live, 'request', status || 502),
      log: (err) => this.log(err, app),
    });
  }

  async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, route: AppRoute): Promise<void> {
    const app = this.appOf(route);
    if ('status' in app) return sendPageOnSocket(socket, app);
    if (headBytes(req) > this.gw.config.apps.maxHeaderBytes) return sendPageOnSocket(socket, tooLarge(this.gw.config.apps.maxHeaderBytes));
    const checked = await this.live.check(app, req.headers.cookie, remoteOf(req));
    if ('refused' in checked) return sendPageOnSocket(socket, this.refusalPage(app, checked.refused, checked.reason, req.url));
    const { live } = checked;
    const upstream = this.upstreams.for(app);
    let counted = false;
    await proxyUpgrade(req, socket, head, {
      upstream,
      headers: upstreamRequestHeaders(req, { upstreamHost: upstream.host, proto: this.proto, clientAddr: remoteOf(req), assertion: await this.assertion(live, app), upgrade: true }),
      rewrite: { upstreamOrigin: upstream.origin, publicOrigin: this.publicOrigin(app) },
      maxHeaderBytes: this.gw.config.apps.maxHeaderBytes,
      idleMs: this.gw.config.apps.idleTimeout,
      unreachable: unreachable(app),
      opened: (s) => this.live.track(live, s),
      done: (status) => {
        if (counted) return;
        counted = true;
        this.live.count(live, status === 101 ? 'websocket' : 'request', status);
      },
      log: (err) => this.log(err, app),
    });
  }

  failed(target: ServerResponse | Duplex, err: unknown): void {
    // Storage, agents and apps can fail; the page names none of them, the warning is for the operator.
    const page: Page = { status: 500, title: 'Something went wrong', message: 'The gateway could not serve this request. Try again; if it keeps failing, tell your administrator.' };
    process.emitWarning(`app host request failed: ${err instanceof Error ? err.message : String(err)}`);
    if ('writeHead' in target) {
      if (!target.headersSent) sendPage(target, page);
      else target.destroy();
    } else sendPageOnSocket(target, page);
  }

  /** The launcher's form post: a valid session's cookies are set on this host, then the browser goes to `path`. */
  private async handoff(req: IncomingMessage, res: ServerResponse, app: AppRecord): Promise<void> {
    const form = req.method === 'POST' ? await readHandoff(req) : undefined;
    if (!form) return sendPage(res, this.refusalPage(app, 'launch', 'this address only takes the launcher’s form', '/'));
    const checked = await this.live.validate(app, form.value, form.subject, remoteOf(req));
    if ('refused' in checked) return sendPage(res, this.refusalPage(app, checked.refused, checked.reason, form.path));
    res.writeHead(303, {
      location: form.path,
      'set-cookie': appSessionCookies(form.value, form.subject, checked.live.session.expiresAt, this.secure),
      'cache-control': 'no-store',
      'content-length': 0,
    });
    res.end();
  }

  private appOf(route: AppRoute): AppRecord | Page {
    if (route.to === 'none') {
      return {
        status: 404,
        title: 'No application here',
        message: `No application is served at ${route.hostname}. Open the applications page of the console to see the ones you can use.`,
        link: { href: `${this.gw.publicUrl()}${compilePath(webRoutes.apps, { clusterId: this.gw.config.clusterName })}`, text: 'Applications' },
      };
    }
    if (!isWebApp(route.app)) {
      return { status: 404, title: `${route.app.name} is not a web app`, message: `${route.app.name} is reached with the portcullis command line, not in a browser.` };
    }
    return route.app;
  }

  private refusalPage(app: AppRecord, refused: 'launch' | 'denied', reason: string, path: string | undefined): Page {
    if (refused === 'denied') return { status: 403, title: `Access to ${app.name} denied`, message: `You may not use ${app.name}: ${reason}.` };
    const launcher = compilePath(webRoutes.appLauncher, { fqdn: app.publicAddr.replace(/:\d+$/, ''), clusterId: this.gw.config.clusterName, publicAddr: app.publicAddr });
    const deepLink = path && path !== '/' ? `?path=${encodeURIComponent(path)}` : '';
    return {
      status: 403,
      title: `Launch ${app.name} from the console`,
      message: `To use ${app.name}, open it from the console's applications page (${reason}).`,
      link: { href: `${this.gw.publicUrl()}${launcher}${deepLink}`, text: `Launch ${app.name}` },
    };
  }

  /** The signed identity for this session, signed again when due. */
  private async assertion(live: LiveAppSession, app: AppRecord): Promise<string> {
    if (!live.assertion || live.assertion.renewAt <= this.gw.now()) live.assertion = await this.signer.sign(live.identity, this.publicOrigin(app), live.session.expiresAt);
    return live.assertion.token;
  }

  private get proto(): 'http' | 'https' {
    return this.secure ? 'https' : 'http';
  }

  private publicOrigin(app: AppRecord): string {
    return `${this.proto}://${app.publicAddr}`;
  }
}

const remoteOf = (req: IncomingMessage) => req.socket.remoteAddress ?? '';

const unreachable = (app: AppRecord): Page => ({ status: 502, title: `${app.name} is unreachable`, message: `The gateway could not reach ${app.name} just now. Try again in a moment; if it keeps failing, tell your administrator.` });

const tooLarge = (limit: number): Page => ({ status: 431, title: 'Request headers too large', message: `The request's headers are larger than the ${limit} bytes this gateway passes to applications.` });
