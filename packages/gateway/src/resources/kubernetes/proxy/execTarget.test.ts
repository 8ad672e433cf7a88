import { execPathOf, execTargetOf, type ExecTarget } from './execTarget';

describe('the exec or attach an API path asks for', () => {
  it('reads the namespace, pod, container, every command argument and the terminal flags of an exec', () => {
    expect(execTargetOf('/api/v1/namespaces/default/pods/web-1/exec?command=sh&command=-c&command=echo%20hi&container=app&stdin=true&stdout=true&tty=1')).toStrictEqual({
      namespace: 'default',
      pod: 'web-1',
      container: 'app',
      op: 'exec',
      command: ['sh', '-c', 'echo hi'],
      tty: true,
      stdin: true,
    });
    expect(execTargetOf('/api/v1/namespaces/default/pods/web-1/exec?command=ls&stdin=false&tty=false&container=')).toStrictEqual({
      namespace: 'default',
      pod: 'web-1',
      op: 'exec',
      command: ['ls'],
      tty: false,
      stdin: false,
    });
  });

  it('reads an attach, which runs no command', () => {
    expect(execTargetOf('/api/v1/namespaces/other/pods/db-0/attach?container=db&stdin=1&tty=true')).toStrictEqual({
      namespace: 'other',
      pod: 'db-0',
      container: 'db',
      op: 'attach',
      command: [],
      tty: true,
      stdin: true,
    });
  });

  it('decodes URL-encoded namespace and pod names', () => {
    expect(execTargetOf('/api/v1/namespaces/team%2Da/pods/web%2E1/exec?command=sh')).toMatchObject({ namespace: 'team-a', pod: 'web.1' });
  });

  it('is undefined for a malformed escape, which then goes to the API server to answer', () => {
    expect(execTargetOf('/api/v1/namespaces/%E0/pods/web-1/exec?command=sh&tty=true')).toBeUndefined();
  });

  it('is undefined for any other request', () => {
    for (const other of [
      '/api/v1/namespaces/default/pods/web-1/log?follow=true',
      '/api/v1/namespaces/default/pods/web-1',
      '/api/v1/namespaces/default/pods/web-1/exec/more',
      '/api/v1/namespaces/default/pods/web-1/portforward',
      '/apis/apps/v1/namespaces/default/deployments/web/exec',
    ]) {
      expect(execTargetOf(other)).toBeUndefined();
    }
  });

  it('writes the path the API server is asked for, which reads back as the same target', () => {
    const shell: ExecTarget = { namespace: 'team a', pod: 'web-1', container: 'app', op: 'exec', command: ['sh', '-c', 'echo a&b'], tty: true, stdin: true };
    expect(execPathOf(shell)).toBe('/api/v1/namespaces/team%20a/pods/web-1/exec?command=sh&command=-c&command=echo+a%26b&container=app&stdin=true&stdout=true&stderr=false&tty=true');
    expect(execTargetOf(execPathOf(shell))).toStrictEqual(shell);
    const attach: ExecTarget = { namespace: 'default', pod: 'db-0', op: 'attach', command: [], tty: false, stdin: false };
    expect(execPathOf(attach)).toBe('/api/v1/namespaces/default/pods/db-0/attach?stdin=false&stdout=true&stderr=true&tty=false');
    expect(execTargetOf(execPathOf(attach))).toStrictEqual(attach);
  });
});
