import { type ApiClient, apiPaths } from '@portcullis/shared';
import { transferMfaAnswer } from './transferMfa';

/** The gateway's two answers the check needs, recording what was asked. */
function fakeApi(required: boolean) {
  const posts: [string, unknown][] = [];
  const challenge = { webauthn_challenge: { publicKey: { challenge: 'Y2g' } }, totp_challenge: true };
  const api = {
    post: async (path: string, body: unknown) => {
      posts.push([path, body]);
      return path === apiPaths.mfaAuthenticateChallenge ? challenge : { required };
    },
  } as unknown as ApiClient;
  return { api, posts, challenge };
}

const target = { clusterId: 'main', serverId: 'n1', login: 'root' };

test('a node and login that need no second factor transfer without asking', async () => {
  const { api, posts } = fakeApi(false);
  const ask = jest.fn();
  await expect(transferMfaAnswer(target, api, ask)).resolves.toBeUndefined();
  expect(posts).toEqual([
    ['/v1/webapi/sites/main/mfa/required', { node: { node_name: 'n1', login: 'root' } }],
  ]);
  expect(ask).not.toHaveBeenCalled();
});

test('one that needs it asks the user to answer a fresh challenge of scope session', async () => {
  const { api, posts, challenge } = fakeApi(true);
  const ask = jest.fn().mockResolvedValue({ totp_code: '123456' });
  await expect(transferMfaAnswer(target, api, ask)).resolves.toEqual({ totp_code: '123456' });
  expect(posts[1]).toEqual([apiPaths.mfaAuthenticateChallenge, { scope: 'session' }]);
  expect(ask).toHaveBeenCalledWith(challenge);
});
