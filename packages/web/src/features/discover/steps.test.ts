import { DiscoverEvent } from '@portcullis/shared';
import {
  missingFor,
  nextStep,
  readProgress,
  resumeStep,
  stepEvents,
  stepsFor,
  type DiscoverProgress,
} from './steps';

const token = {
  id: '0123456789abcdef0123456789abcdef',
  expiry: '2030-01-01T00:00:00.000Z',
  resourceId: 'rid-1',
};
const resource = { name: 'web-1', testName: 'node-id-1', granted: { logins: ['root'] } };

test('servers, databases and Kubernetes clusters go through every step; apps set up no access; desktops are not tested', () => {
  expect(stepsFor('server')).toEqual(['select', 'deploy', 'wait', 'access', 'test', 'finished']);
  expect(stepsFor('database')).toEqual(stepsFor('server'));
  expect(stepsFor('kubernetes')).toEqual(stepsFor('server'));
  expect(stepsFor('app')).toEqual(['select', 'deploy', 'wait', 'test', 'finished']);
  expect(stepsFor('desktop')).toEqual(['select', 'deploy', 'wait', 'finished']);
  // Before a choice the flow is the longest, so Next from the first step reaches the second of any kind.
  expect(stepsFor(undefined)).toEqual(stepsFor('server'));
});

test("the next step follows the kind's own flow and there is none after the last", () => {
  expect(nextStep('app', 'wait')).toBe('test');
  expect(nextStep('desktop', 'wait')).toBe('finished');
  expect(nextStep('server', 'wait')).toBe('access');
  expect(nextStep('server', 'finished')).toBeUndefined();
  expect(nextStep('desktop', 'test')).toBeUndefined();
});

test('each step says what it needs from the steps before it', () => {
  const chosen: DiscoverProgress = { runId: 'r', step: 'wait', choiceId: 'server' };
  expect(missingFor('select', { runId: 'r', step: 'select' })).toEqual([]);
  expect(missingFor('deploy', { runId: 'r', step: 'deploy' })).toEqual(['choiceId']);
  expect(missingFor('wait', chosen)).toEqual(['token']);
  expect(missingFor('test', { ...chosen, token })).toEqual(['resource']);
  expect(missingFor('test', { ...chosen, token, resource })).toEqual([]);
});

test('a stored run resumes at its step, or at the furthest step before it that has what it needs', () => {
  expect(resumeStep({ runId: 'r', step: 'test', choiceId: 'server', token, resource })).toBe('test');
  expect(resumeStep({ runId: 'r', step: 'test', choiceId: 'server', token })).toBe('wait');
  expect(resumeStep({ runId: 'r', step: 'wait', choiceId: 'server' })).toBe('deploy');
  expect(resumeStep({ runId: 'r', step: 'deploy' })).toBe('select');
  // A step the kind does not have (access, stored for an app by another version) starts over.
  expect(resumeStep({ runId: 'r', step: 'access', choiceId: 'app-http', token, resource })).toBe('select');
});

test('only a stored value with a run id and a known step is a run', () => {
  expect(readProgress({ runId: 'r', step: 'wait', choiceId: 'server' })).toEqual({
    runId: 'r',
    step: 'wait',
    choiceId: 'server',
  });
  expect(readProgress(null)).toBeUndefined();
  expect(readProgress('wait')).toBeUndefined();
  expect(readProgress({ runId: 'r', step: 'install' })).toBeUndefined();
  expect(readProgress({ step: 'wait' })).toBeUndefined();
});

test('the wait step reports as the end of deploying the service', () => {
  expect(stepEvents.wait).toBe(DiscoverEvent.DeployService);
  expect(stepEvents.access).toBe(DiscoverEvent.PrincipalsConfigure);
});
