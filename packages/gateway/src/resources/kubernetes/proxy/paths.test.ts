import { kubeApiServerUrl, kubeApiTarget } from './paths';

describe("where the gateway serves each cluster's Kubernetes API", () => {
  it('splits /v1/kube/NAME/… into the cluster and the API path with its query', () => {
    expect(kubeApiTarget('/v1/kube/dev-cluster/api/v1/namespaces/default/pods?watch=true&resourceVersion=10')).toEqual({
      cluster: 'dev-cluster',
      path: '/api/v1/namespaces/default/pods?watch=true&resourceVersion=10',
    });
  });

  it("gives the API's root to a path naming only the cluster", () => {
    expect(kubeApiTarget('/v1/kube/dev-cluster')).toEqual({ cluster: 'dev-cluster', path: '/' });
    expect(kubeApiTarget('/v1/kube/dev-cluster?timeout=32s')).toEqual({ cluster: 'dev-cluster', path: '/?timeout=32s' });
  });

  it('decodes an encoded cluster name, slashes included', () => {
    expect(kubeApiTarget('/v1/kube/team%20a%2Fdev/version')).toEqual({ cluster: 'team a/dev', path: '/version' });
  });

  it('is undefined for a path naming no cluster, or one that cannot be decoded', () => {
    for (const url of ['/v1/kube/', '/v1/kube//api', '/v1/kube/?x=1', '/v1/kube', '/v1/webapi/sites', '/v1/kube/%E0%A4/api']) expect(kubeApiTarget(url)).toBeUndefined();
  });

  it('names the server URL of a cluster behind the listener, which reads back as that cluster', () => {
    const url = kubeApiServerUrl('https://gw.example.com:3026//', 'team a/dev');
    expect(url).toBe('https://gw.example.com:3026/v1/kube/team%20a%2Fdev');
    expect(kubeApiTarget(new URL(url).pathname)).toEqual({ cluster: 'team a/dev', path: '/' });
  });
});
