import { apiPaths, websocketPaths } from '@portcullis/shared';
import { agentTunnelPath } from '../../agent/agent';
import { clusterTunnelPath } from '../../management/trust/protocol';
import { peerTunnelPath } from '../peers/peers';
import { startGateway, type TestGateway } from '../../../test/harness';
import { walk } from '../../../test/routes';
import { pathVariants } from './templates';

/**
 * The only paths the gateway serves outside shared's tables, each with the reason: none of them is part of
 * the console's API. Every other route must be a form of a template in apiPaths or websocketPaths, so the
 * console and the gateway cannot drift apart on a path.
 */
const outsideTheApi = new Map([
  ['/', 'redirects to the console'],
  ['/web', 'the console page itself'],
  ['/web/*', 'the console page for every client-side route'],
  ['/web/config.js', 'the console configuration, loaded by the page before any API call'],
  [agentTunnelPath, 'agents dial in here; the console never does'],
  [clusterTunnelPath, 'leaf clusters dial in here; the console never does'],
  [peerTunnelPath, 'other gateways of the same database dial in here; the console never does'],
]);

const declared = new Set([...Object.values(apiPaths), ...Object.values(websocketPaths)].flatMap(pathVariants));

let gw: TestGateway;
let paths: string[];

beforeAll(async () => {
  gw = await startGateway();
  paths = [...new Set(walk(gw).map((r) => r.url))];
});
afterAll(() => gw.close());

it('registers no path that shared does not declare, apart from the commented list', () => {
  expect(paths.length).toBeGreaterThan(20);
  expect(paths.filter((path) => !declared.has(path) && !outsideTheApi.has(path))).toEqual([]);
});

it('serves every path of the commented list, so the list cannot outlive a route', () => {
  expect([...outsideTheApi.keys()].filter((path) => !paths.includes(path))).toEqual([]);
});
