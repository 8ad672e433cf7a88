import { covers, inForce, lockMessage, type StoredLock } from './lock';

const lock = (targets: StoredLock['targets'], extra: Partial<StoredLock> = {}): StoredLock => ({
  name: '00000000-0000-4000-8000-000000000001',
  targets,
  message: '',
  expiresAt: null,
  createdAt: 0,
  createdBy: 'admin',
  ...extra,
});

describe('which subjects a lock covers', () => {
  it('matches a single target against one value or any of several', () => {
    expect(covers(lock({ user: 'alice' }), { user: 'alice' })).toBe(true);
    expect(covers(lock({ user: 'alice' }), { user: 'bob' })).toBe(false);
    expect(covers(lock({ role: 'dev' }), { user: 'alice', role: ['access', 'dev'] })).toBe(true);
    expect(covers(lock({ node: 'web-1' }), { node: ['3f2a', 'web-1'] })).toBe(true);
  });

  it('needs every target to match, and never matches a subject that lacks one', () => {
    const pair = lock({ user: 'alice', login: 'root' });
    expect(covers(pair, { user: 'alice', login: 'root' })).toBe(true);
    expect(covers(pair, { user: 'alice', login: 'ubuntu' })).toBe(false);
    // Signing in knows no login yet: a lock on a user's login does not stop the sign-in.
    expect(covers(pair, { user: 'alice', role: ['dev'] })).toBe(false);
    expect(covers(lock({}), { user: 'alice' })).toBe(false);
  });

  it('stops applying once expired', () => {
    expect(inForce(lock({ user: 'a' }, { expiresAt: 1000 }), 999)).toBe(true);
    expect(inForce(lock({ user: 'a' }, { expiresAt: 1000 }), 1000)).toBe(false);
    expect(inForce(lock({ user: 'a' }), Number.MAX_SAFE_INTEGER)).toBe(true);
  });
});

describe('the message a locked person reads', () => {
  it('is the lock message, or a sentence naming the targets', () => {
    expect(lockMessage(lock({ user: 'alice' }, { message: 'on leave' }))).toBe('on leave');
    expect(lockMessage(lock({ user: 'alice' }))).toBe('user alice is locked');
    expect(lockMessage(lock({ mfa_device: 'd1' }, { message: '  ' }))).toBe('mfa device d1 is locked');
    expect(lockMessage(lock({ login: 'root', user: 'alice' }))).toBe('user alice with login root is locked');
  });
});
