import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { HostRoute, HostRouter } from './hosts';

/** What serves the requests and upgrades whose Host is not the gateway's own. */
export interface AppHostServer {
  /** Serves at once what needs no waiting; a promise otherwise. */
  request(req: IncomingMessage, res: ServerResponse, route: Exclude<HostRoute, { to: 'gateway' }>): void | Promise<void>;
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, route: Exclude<HostRoute, { to: 'gateway' }>): Promise<void>;
  /** A request that failed before any answer: the app host says so without naming anything behind it. */
  failed(target: ServerResponse | Duplex, err: unknown): void;
}

type Emit = (event: string | symbol, ...args: unknown[]) => boolean;

/**
 * Takes the requests and websocket upgrades of app hosts before fastify sees them. Fastify answers 'request'
 * and @fastify/websocket listens for 'upgrade' on the same server, so intercepting the server's emit is the one
 * place where an app host's request or upgrade can go to the proxy instead of the console's routes, never to both.
 */
export function interceptAppHosts(server: Server, router: HostRouter, apps: AppHostServer): void {
  const emit = server.emit.bind(server) as Emit;
  const intercepted: Emit = (event, ...args) => {
    if (event !== 'request' && event !== 'upgrade') return emit(event, ...args);
    const route = router.route((args[0] as IncomingMessage).headers.host);
    if ('to' in route && route.to === 'gateway') return emit(event, ...args);
    const failed = (err: unknown) => apps.failed(args[1] as ServerResponse, err);
    const serve = (r: HostRoute) => {
      if (r.to === 'gateway') return void emit(event, ...args);
      const [req, target, head] = args as [IncomingMessage, ServerResponse & Duplex, Buffer];
      try {
        const served = event === 'request' ? apps.request(req, target, r) : apps.upgrade(req, target, head, r);
        served?.catch(failed);
      } catch (err) {
        failed(err);
      }
    };
    // A cached route (nearly every request) is served in this turn, without a promise.
    if (route instanceof Promise) route.then(serve, failed);
    else serve(route);
    return true;
  };
  server.emit = intercepted as Server['emit'];
}
