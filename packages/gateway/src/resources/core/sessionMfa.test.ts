import { EventEmitter } from 'node:events';
import { decodeFrame, encodeControl, type ChallengeScope, type ControlMessage, type MfaResponseJson } from '@portcullis/shared';
import type { WebSocket } from 'ws';
import type { SecondFactor } from '../../management/mfa/verifier';
import { HttpError } from '../../platform/access/errors';
import type { Identity } from '../../platform/access/identity';
import { askOnSocket, checkSessionAnswer, sessionMfaRequired } from './sessionMfa';
import { holdIncoming } from './socket';

/** A websocket as the gateway's handlers see it: what the client sends arrives as `message` events. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  readonly sent: ControlMessage[] = [];
  send(data: string) {
    const frame = decodeFrame(data);
    if (frame.kind === 'control') this.sent.push(frame.message);
  }
  fromClient(message: ControlMessage) {
    this.emit('message', Buffer.from(encodeControl(message)), false);
  }
  keys(text: string) {
    this.emit('message', Buffer.from(text), true);
  }
  close() {
    this.readyState = 3;
    this.emit('close');
  }
}

/** A second factor that accepts the code 123456 and nothing else. */
function secondFactor(hasDevice = true): SecondFactor & { verified: [string, ChallengeScope, MfaResponseJson][] } {
  const verified: [string, ChallengeScope, MfaResponseJson][] = [];
  return {
    verified,
    hasDevice: async () => hasDevice,
    challenge: async () => ({ totp_challenge: true, webauthn_challenge: { publicKey: { challenge: 'c1' } } }),
    verify: async (user, scope, answer) => {
      if (answer.totp_code !== '123456') throw new HttpError(400, 'invalid TOTP code');
      verified.push([user, scope, answer]);
      return { device: 'phone' };
    },
  };
}

const identity = (requireMfa: boolean, mfaVerified = false) =>
  ({ user: { name: 'alice' }, session: { mfaVerified }, roles: { requireSessionMfa: () => requireMfa } }) as unknown as Identity;

const setup = () => {
  const socket = new FakeSocket();
  const ws = socket as unknown as WebSocket;
  return { socket, ws, held: holdIncoming(ws) };
};

describe('per-session MFA', () => {
  it('is required when a role asks for it, unless the web session was approved with a second factor', () => {
    expect(sessionMfaRequired(identity(true))).toBe(true);
    expect(sessionMfaRequired(identity(true, true))).toBe(false);
    expect(sessionMfaRequired(identity(false))).toBe(false);
  });

  it('sends the challenge, takes the answer apart from the keystrokes held for the shell, and accepts a right one', async () => {
    const { socket, ws, held } = setup();
    const mfa = secondFactor();
    socket.keys('ls\r');
    const asked = askOnSocket(mfa, ws, held, identity(true), '10.0.0.1', 60_000);
    await new Promise(setImmediate);
    expect(socket.sent).toEqual([{ type: 'mfa-challenge', webauthn: { publicKey: { challenge: 'c1' } }, totp: true }]);
    socket.fromClient({ type: 'resize', w: 90, h: 30 });
    socket.fromClient({ type: 'mfa-response', totp_code: '123456' });
    await expect(asked).resolves.toBeUndefined();
    expect(mfa.verified).toEqual([['alice', 'session', { totp_code: '123456' }]]);
    expect(held().map(([data]) => data.toString())).toEqual(['ls\r', encodeControl({ type: 'resize', w: 90, h: 30 })]);
  });

  it('finds an answer the client sent before the challenge arrived', async () => {
    const { socket, ws, held } = setup();
    socket.fromClient({ type: 'mfa-response', totp_code: '123456' });
    await expect(askOnSocket(secondFactor(), ws, held, identity(true), '10.0.0.1', 60_000)).resolves.toBeUndefined();
    expect(held()).toEqual([]);
  });

  it('refuses a wrong answer with the verifier’s reason, and an empty one without asking the verifier', async () => {
    const { socket, ws, held } = setup();
    socket.fromClient({ type: 'mfa-response', totp_code: '000000' });
    await expect(askOnSocket(secondFactor(), ws, held, identity(true), '10.0.0.1', 60_000)).resolves.toBe('the second factor was not accepted: invalid TOTP code');
    const mfa = secondFactor();
    await expect(checkSessionAnswer(mfa, identity(true), {}, '10.0.0.1')).resolves.toBe('a second factor is required for every session, and none was given');
    expect(mfa.verified).toEqual([]);
  });

  it('refuses when no answer comes in time, or the client leaves first', async () => {
    const late = setup();
    await expect(askOnSocket(secondFactor(), late.ws, late.held, identity(true), '10.0.0.1', 20)).resolves.toBe('no second factor was given within 0.02 s');
    const gone = setup();
    const asked = askOnSocket(secondFactor(), gone.ws, gone.held, identity(true), '10.0.0.1', 60_000);
    await new Promise(setImmediate);
    gone.socket.close();
    await expect(asked).resolves.toBe('the connection closed before a second factor was given');
  });

  it('tells a user without a device how to add one, without sending a challenge they cannot answer', async () => {
    const { socket, ws, held } = setup();
    await expect(askOnSocket(secondFactor(false), ws, held, identity(true), '10.0.0.1', 60_000)).resolves.toMatch(/you have no MFA device: add one in Account settings/);
    expect(socket.sent).toEqual([]);
  });

  it('lets errors other than a refused answer through', async () => {
    const broken: SecondFactor = { ...secondFactor(), verify: () => Promise.reject(new Error('database is down')) };
    await expect(checkSessionAnswer(broken, identity(true), { totp_code: '123456' }, '10.0.0.1')).rejects.toThrow('database is down');
  });
});
