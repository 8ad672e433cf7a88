import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { loadKubeconfig } from './kubeconfig';

const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('reading the kubeconfig the agent reaches a cluster with', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portcullis-kubeconfig-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Writes a kubeconfig (and the files it names) into the temp dir, returning its path. */
  const kubeconfig = (config: Record<string, unknown>, files: Record<string, string> = {}) => {
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    const file = path.join(dir, 'kubeconfig');
    writeFileSync(file, stringify(config));
    return file;
  };
  /** One cluster `c`, one user `u` and the context `ctx` joining them. */
  const single = (cluster: Record<string, unknown>, user: Record<string, unknown> = {}) => ({
    clusters: [{ name: 'c', cluster: { server: 'https://10.0.0.1:6443', ...cluster } }],
    users: [{ name: 'u', user }],
    contexts: [{ name: 'ctx', context: { cluster: 'c', user: 'u' } }],
  });

  it('takes the current context, or the only one when none is current', () => {
    const two = {
      clusters: [
        { name: 'a', cluster: { server: 'https://a.example.com' } },
        { name: 'b', cluster: { server: 'https://b.example.com:6443/k8s' } },
      ],
      users: [
        { name: 'ua', user: { token: 'token-a' } },
        { name: 'ub', user: { token: 'token-b' } },
      ],
      contexts: [
        { name: 'ctx-a', context: { cluster: 'a', user: 'ua' } },
        { name: 'ctx-b', context: { cluster: 'b', user: 'ub' } },
      ],
    };
    const current = loadKubeconfig(kubeconfig({ ...two, 'current-context': 'ctx-b' }));
    expect(current.server.href).toBe('https://b.example.com:6443/k8s');
    expect(current.token?.()).toBe('token-b');
    const only = loadKubeconfig(kubeconfig(single({})));
    expect(only.server.href).toBe('https://10.0.0.1:6443/');
    expect(only.verifyServer).toBe(true);
    const file = kubeconfig(two);
    expect(() => loadKubeconfig(file)).toThrow(`kubeconfig ${file}: has no current-context, and more than one context to choose from`);
  });

  it('reads a tokenFile beside the kubeconfig (not the working directory) again on each call, since service account tokens rotate', () => {
    const access = loadKubeconfig(kubeconfig(single({}, { tokenFile: 'token' }), { token: 'first\n' }));
    expect(access.token?.()).toBe('first');
    writeFileSync(path.join(dir, 'token'), 'second\n');
    expect(access.token?.()).toBe('second');
  });

  it('prefers an inline token, and keeps basic credentials', () => {
    expect(loadKubeconfig(kubeconfig(single({}, { token: 'inline', tokenFile: 'token' }))).token?.()).toBe('inline');
    const basic = loadKubeconfig(kubeconfig(single({}, { username: 'admin', password: 'pw' })));
    expect(basic.basic).toEqual({ username: 'admin', password: 'pw' });
    expect(basic.token).toBeUndefined();
  });

  it('reads client certificates and the CA from files relative to the kubeconfig, or from -data', () => {
    const fromFiles = loadKubeconfig(
      kubeconfig(single({ 'certificate-authority': 'ca.pem', 'tls-server-name': 'kube.internal' }, { 'client-certificate': 'cert.pem', 'client-key': 'key.pem' }), {
        'ca.pem': 'CA FILE',
        'cert.pem': 'CERT FILE',
        'key.pem': 'KEY FILE',
      }),
    );
    expect([fromFiles.ca?.toString(), fromFiles.clientCert?.toString(), fromFiles.clientKey?.toString()]).toEqual(['CA FILE', 'CERT FILE', 'KEY FILE']);
    expect(fromFiles.serverName).toBe('kube.internal');
    const fromData = loadKubeconfig(
      kubeconfig(single({ 'certificate-authority-data': base64('CA DATA') }, { 'client-certificate-data': base64('CERT DATA'), 'client-key-data': base64('KEY DATA') })),
    );
    expect([fromData.ca?.toString(), fromData.clientCert?.toString(), fromData.clientKey?.toString()]).toEqual(['CA DATA', 'CERT DATA', 'KEY DATA']);
    expect(fromData.token).toBeUndefined();
  });

  it('verifies the server unless insecure-skip-tls-verify is set', () => {
    expect(loadKubeconfig(kubeconfig(single({ 'insecure-skip-tls-verify': true }, { token: 't' }))).verifyServer).toBe(false);
    expect(loadKubeconfig(kubeconfig(single({ 'insecure-skip-tls-verify': false }, { token: 't' }))).verifyServer).toBe(true);
  });

  it('refuses credentials from an exec plugin or auth provider, and a proxy-url, naming what to change', () => {
    const exec = kubeconfig(single({}, { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: 'aws' } }));
    const refusal = `user u gets credentials from an exec plugin or auth provider, which the agent does not run: give it a token, tokenFile or client certificate`;
    expect(() => loadKubeconfig(exec)).toThrow(`kubeconfig ${exec}: ${refusal}`);
    const provider = kubeconfig(single({}, { 'auth-provider': { name: 'gcp' } }));
    expect(() => loadKubeconfig(provider)).toThrow(`kubeconfig ${provider}: ${refusal}`);
    const proxied = kubeconfig(single({ 'proxy-url': 'http://proxy:3128' }, { token: 't' }));
    expect(() => loadKubeconfig(proxied)).toThrow(`kubeconfig ${proxied}: cluster c is reached through proxy-url, which the agent does not support`);
  });

  it('names a context, cluster or user the kubeconfig does not define, and a server that is not a URL', () => {
    const noContext = kubeconfig({ ...single({}), 'current-context': 'gone' });
    expect(() => loadKubeconfig(noContext)).toThrow(`kubeconfig ${noContext}: names context gone, which it does not define`);
    const noCluster = kubeconfig({ ...single({}), contexts: [{ name: 'ctx', context: { cluster: 'gone', user: 'u' } }] });
    expect(() => loadKubeconfig(noCluster)).toThrow(`kubeconfig ${noCluster}: context ctx names cluster gone, which it does not define`);
    const noUser = kubeconfig({ ...single({}), contexts: [{ name: 'ctx', context: { cluster: 'c', user: 'gone' } }] });
    expect(() => loadKubeconfig(noUser)).toThrow(`kubeconfig ${noUser}: context ctx names user gone, which it does not define`);
    const notUrl = kubeconfig(single({ server: 'kube api' }));
    expect(() => loadKubeconfig(notUrl)).toThrow(`kubeconfig ${notUrl}: cluster c's server "kube api" is not a URL`);
    const noScheme = kubeconfig(single({ server: 'localhost:6443' }));
    expect(() => loadKubeconfig(noScheme)).toThrow(`kubeconfig ${noScheme}: cluster c's server "localhost:6443" is not an http(s) URL`);
  });

  it('names the kubeconfig when a file it names cannot be read', () => {
    const file = kubeconfig({ ...single({}), users: [{ name: 'u', user: { 'client-certificate': 'gone.crt', 'client-key': 'gone.key' } }] });
    expect(() => loadKubeconfig(file)).toThrow(`kubeconfig ${file}: cannot read gone.crt: ENOENT: no such file or directory, open '${path.join(path.dirname(file), 'gone.crt')}'`);
  });

  it('says a file cannot be read, with the reason attached as the cause', () => {
    const missing = path.join(dir, 'missing');
    let thrown: unknown;
    try {
      loadKubeconfig(missing);
    } catch (err) {
      thrown = err;
    }
    expect((thrown as Error).message).toBe(`kubeconfig ${missing}: cannot be read: ENOENT: no such file or directory, open '${missing}'`);
    expect(((thrown as Error).cause as NodeJS.ErrnoException).code).toBe('ENOENT');
  });
});
