import { podExecFromQuery, podExecPath } from './podExec';

const queryOf = (path: string) => new URL(path, 'https://gw.example.com').searchParams;

test('the route’s query carries the pod and command, and reads back to the same exec', () => {
  const exec = {
    namespace: 'shop',
    pod: 'api-0',
    container: 'app',
    command: ['bash', '-l'],
    kubernetes_user: 'viewer',
  };
  const path = podExecPath('main', 'production', exec);
  expect(path).toBe(
    '/web/cluster/main/console/kube/exec/production?namespace=shop&pod=api-0&container=app&command=bash%20-l&kubernetes_user=viewer',
  );
  expect(podExecFromQuery(queryOf(path))).toEqual(exec);
});

test('without a namespace or command the pod gets the default namespace and /bin/sh; the command splits on any whitespace', () => {
  expect(podExecFromQuery(queryOf('?pod=web-1'))).toEqual({
    namespace: 'default',
    pod: 'web-1',
    command: ['/bin/sh'],
  });
  expect(podExecFromQuery(queryOf('?pod=web-1&command=%20ls%20%09-la%20%20/tmp%20&container=%20'))).toEqual({
    namespace: 'default',
    pod: 'web-1',
    command: ['ls', '-la', '/tmp'],
  });
});

test('without a pod there is nothing to open', () => {
  expect(podExecFromQuery(queryOf('?namespace=shop&command=sh'))).toBeUndefined();
  expect(podExecFromQuery(queryOf('?pod=%20%20'))).toBeUndefined();
});
