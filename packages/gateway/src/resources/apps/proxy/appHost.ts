import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { appAuthPath, compilePath, webRoutes } from '@portcullis/shared';
import type { Gateway } from '../../../platform/server/context';
import { isAwsConsoleApp } from '../aws/console';
import type { AwsFederation } from '../aws/federation';
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
  /**
   * Whether an app record is the AWS console, worked out once per record (the host router hands out the same
   * one for a second) rather than by parsing two URLs on every request.
   */
  private readonly awsApps = new WeakMap<AppRecord, boolean>();

  constructor(
    private readonly gw: Gateway,
    private readonly live: LiveAppSessions,
    private readonly upstreams: Upstreams,
    private readonly signer: AssertionSigner,
    private readonly log: (err: Error, app: AppRecord) => void,
    private readonly federation: AwsFederation,
  ) {
    this.secure = !!gw.config.tls;
  }

  async request(req: IncomingMessage, res: ServerResponse, route: AppRoute): Promise<void> {
    const app = this.appOf(route);
    if ('status' in app) return sendPage(res, app);
    if (headBytes(req) > this.gw.config.apps.maxHeaderBytes) return sendPage(res, tooLarge(this.gw.config.apps.maxHeaderBytes));
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname === appAuthPath) return this.handoff(req, res, app);
    if (this.isAws(app)) return sendPage(res, this.refusalPage(app, 'launch', awsOnlyFromLauncher, '/'));
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
    if (this.isAws(app)) return sendPageOnSocket(socket, this.refusalPage(app, 'launch', awsOnlyFromLauncher, '/'));
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
    // Only the console's launcher hands sessions over: another site posting its own valid session here would
    // sign this browser in to the app as someone else. Browsers name the posting page's origin on every POST.
    if (req.headers.origin !== new URL(this.gw.publicUrl()).origin)
      return sendPage(res, this.refusalPage(app, 'launch', 'the session was not handed over by the console’s launcher', '/'));
    const checked = await this.live.validate(app, form.value, form.subject, remoteOf(req));
    if ('refused' in checked) return sendPage(res, this.refusalPage(app, checked.refused, checked.reason, form.path));
    if (this.isAws(app)) return this.federate(res, app, checked.live);
    res.writeHead(303, {
      location: form.path,
      'set-cookie': appSessionCookies(form.value, form.subject, checked.live.session.expiresAt, this.secure),
      'cache-control': 'no-store',
      'content-length': 0,
    });
    res.end();
  }

  /**
   * An AWS console app is not proxied: the handoff's valid session is exchanged for an AWS sign-in URL for the
   * role it was launched as, and the browser goes there. No cookie is set: nothing else on this host is served.
   */
  private async federate(res: ServerResponse, app: AppRecord, live: LiveAppSession): Promise<void> {
    const roleArn = live.session.awsRoleArn;
    if (!roleArn) return sendPage(res, this.refusalPage(app, 'launch', 'the app session names no AWS role', '/'));
    let location: string;
    try {
      location = await this.federation.signinUrl({
        roleArn,
        // STS allows [\w+=,.@-]{2,64} as a role session name; AWS's CloudTrail then shows who it was.
        sessionName: live.identity.user.name.replace(/[^\w+=,.@-]/g, '-').padEnd(2, '-').slice(0, 64),
        issuer: this.gw.publicUrl(),
        destination: app.uri,
      });
    } catch (err) {
      this.log(err as Error, app);
      return sendPage(res, { status: 502, title: `Could not sign in to ${app.name}`, message: `AWS did not sign you in as ${roleArn} just now. Try again; if it keeps failing, tell your administrator.` });
    }
    res.writeHead(303, { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'content-length': 0 });
    res.end();
  }

  private isAws(app: AppRecord): boolean {
    let aws = this.awsApps.get(app);
    if (aws === undefined) {
      aws = isAwsConsoleApp(app, this.gw.config.apps.awsConsoleUrl);
      this.awsApps.set(app, aws);
    }
    return aws;
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

const awsOnlyFromLauncher = 'the AWS console is signed in to from the launcher, as a role you choose';

const remoteOf = (req: IncomingMessage) => req.socket.remoteAddress ?? '';

const unreachable = (app: AppRecord): Page => ({ status: 502, title: `${app.name} is unreachable`, message: `The gateway could not reach ${app.name} just now. Try again in a moment; if it keeps failing, tell your administrator.` });

const tooLarge = (limit: number): Page => ({ status: 431, title: 'Request headers too large', message: `The request's headers are larger than the ${limit} bytes this gateway passes to applications.` });
