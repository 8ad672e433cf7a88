import { apiPaths } from '@portcullis/shared';
import type { Walked } from '../routes';
import { hostileBodies, randomBody, type HostileBody } from './bodies';
import { hostileHeaders, unexpectedMethods, type HeaderList } from './headers';
import { fillPath, hostileLocations, hostileQueryStrings, hostileSegments, plainSegment, queryKeys, hostileQueryValues, randomQuery } from './paths';
import type { Random } from './random';
import type { RawRequest } from './send';
import { frame, garbageFrames } from './sockets';

/** One route as the fuzzer sees it. */
export interface Target {
  route: Walked;
  /** Every method registered at the route's URL, so "unexpected" means unexpected there. */
  methodsAtUrl: ReadonlySet<string>;
  socket: boolean;
}

export interface HttpCase {
  label: string;
  request: RawRequest;
}

export interface SocketCase {
  label: string;
  path: string;
  headers: HeaderList;
  garbage?: Buffer;
}

/** How much to send: the test's bounded run, or the bench's longer one. */
export interface Budget {
  /** Every path parameter gets every hostile value (else each value once, at a random parameter). */
  everyParam: boolean;
  /** Random combinations (hostile parameter, query and wrong-typed body) per route. */
  randomCases: number;
}

/** Who is calling: the signed-in fuzzing user's credentials, and the node file transfers may reach. */
export interface Caller {
  token: string;
  csrf: string;
  cookie: string;
  node: string;
  login: string;
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const params = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!).concat(url.includes('*') ? ['*'] : []);

const authHeaders = (caller: Caller): HeaderList => [
  ['cookie', caller.cookie],
  ['authorization', `Bearer ${caller.token}`],
  ['x-csrf-token', caller.csrf],
];

function request(caller: Caller, method: string, path: string, body?: HostileBody, headers: HeaderList = []): RawRequest {
  const typed: HeaderList = body?.contentType ? [['content-type', body.contentType]] : [];
  const replaced = new Set(headers.map(([name]) => name.toLowerCase()));
  const own = [...authHeaders(caller), ...typed].filter(([name]) => !replaced.has(name));
  return { method, path, headers: [...own, ...headers], ...(body && { body: body.body }) };
}

const emptyJson: HostileBody = { label: 'empty object', contentType: 'application/json', body: Buffer.from('{}') };

/** The path with every parameter plain but `param`, which gets `value`. */
const pathWith = (url: string, param: string, value: string) => fillPath(url, (p) => (p === param ? value : plainSegment(p)));

/** Hostile values for path parameters: each value at each parameter, or each value once at a random one. */
function hostilePaths(url: string, random: Random, budget: Budget): { label: string; path: string }[] {
  const names = params(url);
  if (!names.length) return [];
  return hostileSegments.flatMap((value) => {
    const at = budget.everyParam ? names : [random.pick(names)];
    return at.map((param) => ({ label: `:${param} = ${JSON.stringify(value.slice(0, 40))}`, path: pathWith(url, param, value) }));
  });
}

/** Every hostile HTTP request for one route, in a fixed order for a given seed. */
export function httpCases(target: Target, caller: Caller, random: Random, budget: Budget): HttpCase[] {
  const { method, url, guard } = target.route;
  const plain = fillPath(url, plainSegment);
  const defaultBody = bodyMethods.has(method) ? emptyJson : undefined;
  const cases: HttpCase[] = [];
  const add = (label: string, req: RawRequest) => cases.push({ label, request: req });

  for (const { label, path } of hostilePaths(url, random, budget)) add(label, request(caller, method, path, defaultBody));
  // A GET reads no body; one malformed body checks that it is ignored or refused, never parsed into a failure.
  for (const body of bodyMethods.has(method) ? hostileBodies : hostileBodies.slice(0, 1)) add(`body: ${body.label}`, request(caller, method, plain, body));
  for (const { label, headers } of hostileHeaders(caller.csrf)) add(`headers: ${label}`, request(caller, method, plain, defaultBody, headers));
  // Each URL's unexpected methods are sent once, with the route that registers its first method.
  if ([...target.methodsAtUrl][0] === method) {
    for (const other of unexpectedMethods.filter((m) => !target.methodsAtUrl.has(m))) add(`method ${other}`, request(caller, other, plain, emptyJson));
  }
  for (const query of hostileQueryStrings) add(`query ${JSON.stringify(query.slice(0, 60))}`, request(caller, method, `${plain}${query}`, defaultBody));
  if (guard?.validates.query) {
    for (const key of queryKeys) {
      const value = random.pick(hostileQueryValues);
      add(`query ${key}=${JSON.stringify(value.slice(0, 40))}`, request(caller, method, `${plain}?${key}=${value}`, defaultBody));
    }
  }
  if (url === apiPaths.scp) {
    const scpPath = fillPath(url, (p) => (p === 'serverId' ? caller.node : p === 'login' ? caller.login : plainSegment(p)));
    const upload: HostileBody = { label: 'a few bytes', contentType: 'application/octet-stream', body: Buffer.from('portcullis fuzz\n') };
    for (const location of hostileLocations) {
      add(`location ${JSON.stringify(location.slice(0, 40))}`, request(caller, method, `${scpPath}?location=${location}`, method === 'POST' ? upload : undefined));
      add(`location ${JSON.stringify(location.slice(0, 40))} with filename`, request(caller, method, `${scpPath}?location=${location}&filename=..%2F..%2Fx`, method === 'POST' ? upload : undefined));
    }
  }
  for (let i = 0; i < budget.randomCases; i++) {
    const paths = hostilePaths(url, random, { everyParam: false, randomCases: 0 });
    const path = paths.length && random.next() < 0.5 ? random.pick(paths).path : plain;
    const body = bodyMethods.has(method) ? randomBody(random) : undefined;
    add(`random: ${path.slice(0, 80)} ${body?.label ?? ''}`, request(caller, method, `${path}${randomQuery(random)}`, body));
  }
  return cases;
}

/** A query that passes each websocket route's checks as far as the fuzz user can get, so its handler runs. */
function plausibleSocketQuery(url: string, caller: Caller): string {
  const term = { w: 80, h: 24 };
  const json = url.includes('kubernetes') ? { namespace: 'default', pod: 'fuzz', command: ['/bin/sh'], term } : { server_id: caller.node, login: caller.login, command: 'true', term };
  const fields = { access_token: caller.token, params: JSON.stringify(json), conversation_id: 'fuzz', username: caller.login, width: '80', height: '24' };
  return `?${new URLSearchParams(fields).toString()}`;
}

/** Hostile upgrades of one websocket route, then garbage written to it once it opens. */
export function socketCases(target: Target, caller: Caller, random: Random, budget: Budget): SocketCase[] {
  const { url } = target.route;
  const headers = authHeaders(caller);
  const plausible = plausibleSocketQuery(url, caller);
  const plain = fillPath(url, plainSegment);
  const cases: SocketCase[] = [];
  for (const { label, path } of hostilePaths(url, random, budget)) cases.push({ label: `upgrade with ${label}`, path: `${path}${plausible}`, headers });
  for (const query of hostileQueryStrings) cases.push({ label: `upgrade with query ${JSON.stringify(query.slice(0, 60))}`, path: `${plain}${query}`, headers });
  for (const key of queryKeys) {
    const value = random.pick(hostileQueryValues);
    cases.push({ label: `upgrade with ${key}=${JSON.stringify(value.slice(0, 40))}`, path: `${plain}${plausible}&${key}=${value}`, headers });
  }
  for (const { label, headers: hostile } of hostileHeaders(caller.csrf).slice(0, 3)) cases.push({ label: `upgrade with ${label}`, path: `${plain}${plausible}`, headers: [...headers, ...hostile] });
  for (const { label, data } of garbageFrames(random)) cases.push({ label: `after opening: ${label}`, path: `${plain}${plausible}`, headers, garbage: data });
  for (let i = 0; i < budget.randomCases; i++) {
    const opcode = random.pick([0x1, 0x2]);
    cases.push({ label: `after opening: random ${opcode === 0x1 ? 'text' : 'binary'} frame`, path: `${plain}${plausible}`, headers, garbage: frame(opcode, random.bytes(1 + random.int(2048))) });
  }
  return cases;
}
