import { appAuthForm, appPath, submitAppAuthForm } from './launchApp';

const session = { cookie_value: 'cookie-1', subject_cookie_value: 'subject-1' };

test('the form goes to the auth path on the app’s host and port, with the page’s protocol', () => {
  expect(appAuthForm(session, { protocol: 'https:', publicAddr: 'grafana.example.com', path: '/d/abc?orgId=1' })).toEqual({
    action: 'https://grafana.example.com/x-portcullis/auth',
    fields: { value: 'cookie-1', subject: 'subject-1', path: '/d/abc?orgId=1' },
  });
  expect(appAuthForm(session, { protocol: 'http:', publicAddr: 'grafana.localhost:3080' }).action).toBe(
    'http://grafana.localhost:3080/x-portcullis/auth',
  );
});

test('an address that is more than a host and port is refused, so the values cannot go anywhere else', () => {
  for (const publicAddr of ['evil.example.com/x', 'user@grafana.localhost', 'grafana.localhost#x', '', 'grafana.localhost:3080:1']) {
    expect(() => appAuthForm(session, { protocol: 'https:', publicAddr })).toThrow(`The application's address is not a host name: ${publicAddr}`);
  }
  expect(() => appAuthForm(session, { protocol: 'javascript:', publicAddr: 'grafana.localhost' })).toThrow('Applications open over http or https, not javascript:');
});

test('the path to open stays on the app’s host', () => {
  expect(appPath('/dashboards')).toBe('/dashboards');
  for (const path of [null, undefined, '', 'dashboards', '//evil.example.com/', '/\\evil.example.com', 'https://evil.example.com/']) {
    expect(appPath(path)).toBe('/');
  }
});

test('submits a real form post of hidden fields from the document', () => {
  const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
  const form = submitAppAuthForm(document, appAuthForm(session, { protocol: 'https:', publicAddr: 'grafana.example.com' }));
  expect(submit).toHaveBeenCalledTimes(1);
  expect(form.isConnected).toBe(true);
  expect([form.method, form.action]).toEqual(['post', 'https://grafana.example.com/x-portcullis/auth']);
  expect(Array.from(form.querySelectorAll('input'), (i) => [i.type, i.name, i.value])).toEqual([
    ['hidden', 'value', 'cookie-1'],
    ['hidden', 'subject', 'subject-1'],
    ['hidden', 'path', '/'],
  ]);
  form.remove();
  submit.mockRestore();
});
