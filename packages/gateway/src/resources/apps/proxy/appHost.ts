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
import { headBytes, upstreamRequestHeaders, type ResponseRewrite } from './headers';
import type { HostRoute } from './hosts';
import type { AppHostServer } from './intercept';
import { sendPage, sendPageOnSocket, type Page } from './pages';
import { proxyUpgrade } from './upgrade';
import type { Upstream, Upstreams } from './upstream';

type AppRoute = Exclude<HostRoute, { to: 'gateway' }>;

interface AppTarget {
  aws: boolean;
  upstream: Upstream;
  rewrite: ResponseRewrite;
  /** The pages for an upstream that cannot be reached, and for one that stays silent; neither names its address. */
  unreachable: Page;
  timedOut: Page;
}

/**
 * Serves an app's host: the launcher's handoff on appAuthPath, then every other request or websocket of a valid
 * app session proxied to the app with the signed identity. Everything refused gets a page saying what to do,
 * never naming the upstream.
 */
export class AppHosts implements AppHostServer {
  private readonly secure: boolean;
  /**
   * What requests to an app record need, worked out once per record (the host router hands out the same one for
   * a second) rather than on every request: whether it is the AWS console (two URLs to parse), its upstream, and
   * the pages and rewrite that name it.
   */
  private readonly targets = new WeakMap<AppRecord, AppTarget>();

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

  /**
   * Served in the turn the request arrived in, with no promise, while the app session and its signed identity are
   * fresh (nearly every request); a promise only when storage or signing must be waited for.
   */
  request(req: IncomingMessage, res: ServerResponse, route: AppRoute): void | Promise<void> {
    const app = this.appOf(route);
    if ('status' in app) return sendPage(res, app);
    if (headBytes(req) > this.gw.config.apps.maxHeaderBytes) return sendPage(res, tooLarge(this.gw.config.apps.maxHeaderBytes));
    if (isHandoffPath(req.url)) return this.handoff(req, res, app);
    if (this.isAws(app)) return sendPage(res, this.refusalPage(app, 'launch', awsOnlyFromLauncher, '/'));
    return then(this.live.check(app, req.headers.cookie, remoteOf(req)), (checked) => {
      if ('refused' in checked) return sendPage(res, this.refusalPage(app, checked.refused, checked.reason, req.url));
      return then(this.assertion(checked.live, app), (assertion) => this.forward(req, res, app, checked.live, assertion));
    });
  }

  private forward(req: IncomingMessage, res: ServerResponse, app: AppRecord, live: LiveAppSession, assertion: string): void {
    const { upstream, rewrite, unreachable, timedOut } = this.target(app);
    forward(req, res, {
      upstream,
      headers: upstreamRequestHeaders(req, { upstreamHost: upstream.host, proto: this.proto, clientAddr: remoteOf(req), assertion, upgrade: false }),
      rewrite,
      maxHeaderBytes: this.gw.config.apps.maxHeaderBytes,
      idleMs: this.gw.config.apps.idleTimeout,
      unreachable,
      timedOut,
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
    const { upstream, rewrite, unreachable } = this.target(app);
    let counted = false;
    await proxyUpgrade(req, socket, head, {
      upstream,
      headers: upstreamRequestHeaders(req, { upstreamHost: upstream.host, proto: this.proto, clientAddr: remoteOf(req), assertion: await this.assertion(live, app), upgrade: true }),
      rewrite,
      maxHeaderBytes: this.gw.config.apps.maxHeaderBytes,
      idleMs: this.gw.config.apps.idleTimeout,
      unreachable,
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
    return this.target(app).aws;
  }

  private target(app: AppRecord): AppTarget {
    let target = this.targets.get(app);
    if (!target) {
      const upstream = this.upstreams.for(app);
      const idleSeconds = this.gw.config.apps.idleTimeout / 1000;
      target = {
        aws: isAwsConsoleApp(app, this.gw.config.apps.awsConsoleUrl),
        upstream,
        rewrite: { upstreamOrigin: upstream.origin, publicOrigin: this.publicOrigin(app) },
        unreachable: { status: 502, title: `${app.name} is unreachable`, message: `The gateway could not reach ${app.name} just now. Try again in a moment; if it keeps failing, tell your administrator.` },
        timedOut: { status: 504, title: `${app.name} did not answer`, message: `${app.name} sent nothing for ${idleSeconds} s, so the gateway gave up.` },
      };
      this.targets.set(app, target);
    }
    return target;
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

  /** The signed identity for this session: the one signed before while it is good, else signed again. */
  private assertion(live: LiveAppSession, app: AppRecord): string | Promise<string> {
    if (live.assertion && live.assertion.renewAt > this.gw.now()) return live.assertion.token;
    return this.signer.sign(live.identity, this.publicOrigin(app), live.session.expiresAt).then((signed) => {
      live.assertion = signed;
      return signed.token;
    });
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

/** Whether a request's target is the launcher's handoff (a query string or none). */
const isHandoffPath = (url = '/') => url.startsWith(appAuthPath) && (url.length === appAuthPath.length || url[appAuthPath.length] === '?');

/** `f` of a value that may still be coming: at once when it is there, else when it comes. */
function then<T, R>(value: T | Promise<T>, f: (value: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(f) : f(value);
}

const tooLarge = (limit: number): Page => ({ status: 431, title: 'Request headers too large', message: `The request's headers are larger than the ${limit} bytes this gateway passes to applications.` });
