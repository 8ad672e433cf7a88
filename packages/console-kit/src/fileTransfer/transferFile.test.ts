import { ApiError } from '@portcullis/shared';
import { downloadFile, uploadFile } from './transferFile';

type Handler = (event: ProgressEvent) => void;

/** An XMLHttpRequest stand-in: the test plays the gateway, firing progress and the final response. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  response: unknown;
  responseType = '';
  aborted = false;
  private handlers = new Map<string, Handler[]>();
  upload = { addEventListener: (type: string, h: Handler) => this.on(`upload:${type}`, h) };
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, h: Handler) {
    this.on(type, h);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.fire('abort');
  }
  fire(type: string, init: Partial<ProgressEvent> = {}) {
    for (const h of this.handlers.get(type) ?? []) h({ loaded: 0, total: 0, lengthComputable: false, ...init } as ProgressEvent);
  }
  respond(status: number, body: Blob) {
    this.status = status;
    this.response = body;
    this.fire('load');
  }
  private on(type: string, h: Handler) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), h]);
  }
}

const target = { clusterId: 'main', serverId: 'node 1', login: 'root' };
/** A signed-out session whose page carries a CSRF token. */
const gateway = { csrfToken: () => 'csrf-123', bearerToken: () => undefined };

function setup() {
  const xhr = new FakeXhr();
  const progress: { loaded: number; total?: number }[] = [];
  const options = { gateway, onProgress: (p: { loaded: number; total?: number }) => progress.push(p), createRequest: () => xhr as unknown as XMLHttpRequest };
  return { xhr, progress, options };
}

test('upload POSTs the file to the scp route with directory and name, the CSRF header, and reports upload progress', async () => {
  const { xhr, progress, options } = setup();
  const file = Object.assign(new Blob(['hello']), { name: 'a b.txt' });
  const done = uploadFile(target, '/tmp/in', file, options);
  expect(xhr.method).toBe('POST');
  const url = new URL(xhr.url, 'http://gateway');
  expect(url.pathname).toBe('/v1/webapi/sites/main/nodes/node%201/root/scp');
  expect(url.searchParams.get('location')).toBe('/tmp/in');
  expect(url.searchParams.get('filename')).toBe('a b.txt');
  expect(xhr.headers['X-CSRF-Token']).toBe('csrf-123');
  expect(xhr.headers['Content-Type']).toBe('application/octet-stream');
  expect(xhr.body).toBe(file);
  xhr.fire('upload:progress', { loaded: 2, total: 5, lengthComputable: true });
  xhr.respond(200, new Blob(['{}']));
  await done;
  expect(progress).toEqual([{ loaded: 2, total: 5 }]);
});

test('download GETs the path and resolves with the bytes, reporting download progress without a known size', async () => {
  const { xhr, progress, options } = setup();
  const done = downloadFile(target, '/etc/hostname', options);
  expect(xhr.method).toBe('GET');
  expect(new URL(xhr.url, 'http://gateway').searchParams.get('location')).toBe('/etc/hostname');
  xhr.fire('progress', { loaded: 3, total: 0, lengthComputable: false });
  xhr.respond(200, new Blob(['node1\n']));
  const blob = await done;
  expect(await blob.text()).toBe('node1\n');
  expect(progress).toEqual([{ loaded: 3, total: undefined }]);
});

test('the answer to a second-factor challenge travels as JSON in the webauthn parameter', () => {
  const { xhr, options } = setup();
  const answer = { webauthn_response: { id: 'cred-1', type: 'public-key', response: { signature: 'c2ln' } } };
  void downloadFile(target, '/etc/hostname', { ...options, mfaResponse: answer });
  const url = new URL(xhr.url, 'http://gateway');
  expect(url.searchParams.get('location')).toBe('/etc/hostname');
  expect(JSON.parse(url.searchParams.get('webauthn')!)).toEqual(answer);
  const plain = setup();
  void uploadFile(target, '/tmp', Object.assign(new Blob(['x']), { name: 'x' }), plain.options);
  expect(new URL(plain.xhr.url, 'http://gateway').searchParams.has('webauthn')).toBe(false);
});

test('a refused transfer rejects with the server’s error message', async () => {
  const { xhr, options } = setup();
  const done = downloadFile(target, '/root/secret', options);
  xhr.respond(403, new Blob([JSON.stringify({ error: { message: 'access denied to root@node1' } })]));
  await expect(done).rejects.toEqual(expect.objectContaining({ message: 'access denied to root@node1', status: 403 }));
  await expect(done).rejects.toBeInstanceOf(ApiError);
});

test('a network failure rejects with the spec’s network message; cancelling aborts the request', async () => {
  const first = setup();
  const failed = downloadFile(target, '/a', first.options);
  first.xhr.fire('error');
  await expect(failed).rejects.toThrow('Network request failed');

  const second = setup();
  const abort = new AbortController();
  const cancelled = downloadFile(target, '/a', { ...second.options, signal: abort.signal });
  abort.abort();
  expect(second.xhr.aborted).toBe(true);
  await expect(cancelled).rejects.toThrow('The transfer was cancelled.');
});
