import { type SessionPorts, type SessionToken, SessionLifecycle } from './sessionLifecycle';

// Spec §4 and §9 in numbers: these literals are the contract the timers must keep.
const RENEW_UNDER_MS = 180_000;
const TOKEN_CHECK_MS = 15_000;
const STATUS_MARGIN_MS = 30_000;
const IDLE_CHECK_MS = 30_000;
const IDLE_MARGIN_MS = 30_000;
const ACTIVITY_THROTTLE_MS = 15_000;

/** Ports over an in-memory store; the server calls are jest functions so each test decides the answers. */
function setup(token: SessionToken | null) {
  const state = { token, lastActive: 0 };
  const ports = {
    readToken: () => state.token,
    renew: jest.fn(() => Promise.resolve()),
    checkStatus: jest.fn(() => Promise.resolve()),
    deleteSession: jest.fn(() => Promise.resolve()),
    clearLocalState: jest.fn(() => {
      state.token = null;
    }),
    readLastActive: () => state.lastActive,
    writeLastActive: jest.fn((ms: number) => {
      state.lastActive = ms;
    }),
    broadcastRenewing: jest.fn(),
    goToLogin: jest.fn(),
  } satisfies SessionPorts;
  const target = new EventTarget() as unknown as Window;
  const session = new SessionLifecycle(ports, target);
  return { ports, state, target, session };
}

/** A token with `leftMs` to live at the current (fake) time. */
const tokenWith = (leftMs: number, sessionInactiveTimeout = 0): SessionToken => ({
  created: Date.now() + leftMs - 600_000,
  expiresIn: 600,
  sessionInactiveTimeout,
});

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('on load', () => {
  test('an expired session clears local state and goes to login', () => {
    const { ports, session } = setup(tokenWith(0));
    expect(session.start()).toBe(false);
    expect(ports.clearLocalState).toHaveBeenCalled();
    expect(ports.goToLogin).toHaveBeenCalled();
  });

  test('a missing token goes to login', () => {
    const { ports, session } = setup(null);
    expect(session.start()).toBe(false);
    expect(ports.goToLogin).toHaveBeenCalled();
  });

  test('a valid session starts without leaving', () => {
    const { ports, session } = setup(tokenWith(600_000));
    expect(session.start()).toBe(true);
    expect(ports.goToLogin).not.toHaveBeenCalled();
    session.stop();
  });
});

describe('renewal', () => {
  test('starts when under 180 s remain at a 15 s check, not before', async () => {
    const { ports, session } = setup(tokenWith(RENEW_UNDER_MS + TOKEN_CHECK_MS + 1));
    session.start();
    await jest.advanceTimersByTimeAsync(TOKEN_CHECK_MS);
    expect(session.timeLeft()).toBe(RENEW_UNDER_MS + 1);
    expect(ports.renew).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(TOKEN_CHECK_MS);
    expect(ports.renew).toHaveBeenCalledTimes(1);
    session.stop();
  });

  test('renews at once on load when under 180 s remain', () => {
    const { ports, session } = setup(tokenWith(RENEW_UNDER_MS - 1));
    session.start();
    expect(ports.renew).toHaveBeenCalledTimes(1);
    session.stop();
  });

  test('runs once at a time and broadcasts that it runs', async () => {
    const { ports, session } = setup(tokenWith(RENEW_UNDER_MS - 1));
    let finish!: () => void;
    ports.renew.mockImplementation(() => new Promise<void>((r) => (finish = r)));
    session.start();
    expect(ports.broadcastRenewing).toHaveBeenLastCalledWith(true);
    await jest.advanceTimersByTimeAsync(TOKEN_CHECK_MS * 3);
    expect(ports.renew).toHaveBeenCalledTimes(1);
    expect(session.isRenewing()).toBe(true);
    finish();
    await jest.advanceTimersByTimeAsync(0);
    expect(ports.broadcastRenewing).toHaveBeenLastCalledWith(false);
    expect(session.isRenewing()).toBe(false);
    session.stop();
  });

  test('is left to another tab that broadcast its renewal', async () => {
    const { ports, session } = setup(tokenWith(RENEW_UNDER_MS + 1));
    session.start();
    session.receive({ kind: 'renewing', renewing: true });
    await jest.advanceTimersByTimeAsync(TOKEN_CHECK_MS);
    expect(ports.renew).not.toHaveBeenCalled();
    session.receive({ kind: 'renewing', renewing: false });
    await jest.advanceTimersByTimeAsync(TOKEN_CHECK_MS);
    expect(ports.renew).toHaveBeenCalledTimes(1);
    session.stop();
  });

  test('a failed renewal logs out', async () => {
    const { ports, session } = setup(tokenWith(RENEW_UNDER_MS - 1));
    ports.renew.mockRejectedValue(new Error('renewal refused'));
    session.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(ports.deleteSession).toHaveBeenCalledTimes(1);
    expect(ports.clearLocalState).toHaveBeenCalled();
    expect(ports.goToLogin).toHaveBeenCalled();
  });

  test('a renewed token stored by another tab stops this tab from renewing', async () => {
    const { ports, session, state } = setup(tokenWith(RENEW_UNDER_MS + TOKEN_CHECK_MS + 1));
    session.start();
    state.token = tokenWith(600_000);
    await jest.advanceTimersByTimeAsync(TOKEN_CHECK_MS * 2);
    expect(ports.renew).not.toHaveBeenCalled();
    session.stop();
  });

  test('renewing with a body (assume a request, switch back) passes it on and holds off the timer meanwhile', async () => {
    const { ports, session } = setup(tokenWith(RENEW_UNDER_MS + 1));
    let finish!: () => void;
    ports.renew.mockImplementation(() => new Promise<void>((r) => (finish = r)));
    session.start();
    const assumed = session.renewWith({ requestId: 'r1' });
    expect(ports.renew).toHaveBeenCalledWith({ requestId: 'r1' });
    expect(ports.broadcastRenewing).toHaveBeenLastCalledWith(true);
    await jest.advanceTimersByTimeAsync(TOKEN_CHECK_MS);
    expect(ports.renew).toHaveBeenCalledTimes(1);
    finish();
    await assumed;
    expect(ports.broadcastRenewing).toHaveBeenLastCalledWith(false);
    session.stop();
  });

  test('a refused renewal with a body is the caller’s to show, not a logout', async () => {
    const { ports, session } = setup(tokenWith(600_000));
    ports.renew.mockRejectedValue(new Error('request is not approved'));
    session.start();
    await expect(session.renewWith({ requestId: 'r1' })).rejects.toThrow('request is not approved');
    expect(session.isRenewing()).toBe(false);
    expect(ports.deleteSession).not.toHaveBeenCalled();
    expect(ports.goToLogin).not.toHaveBeenCalled();
    session.stop();
  });
});

describe('token check', () => {
  test('asks for the user status every 15 s', async () => {
    const { ports, session } = setup(tokenWith(600_000));
    session.start();
    await jest.advanceTimersByTimeAsync(TOKEN_CHECK_MS - 1);
    expect(ports.checkStatus).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(ports.checkStatus).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(TOKEN_CHECK_MS);
    expect(ports.checkStatus).toHaveBeenCalledTimes(2);
    session.stop();
  });

  test('skips the status check once 30 s or less remain', async () => {
    const { ports, session } = setup(tokenWith(STATUS_MARGIN_MS + TOKEN_CHECK_MS));
    // Keep renewal pending so the token does not change under the test.
    ports.renew.mockImplementation(() => new Promise(() => {}));
    session.start();
    await jest.advanceTimersByTimeAsync(TOKEN_CHECK_MS);
    expect(session.timeLeft()).toBe(STATUS_MARGIN_MS);
    expect(ports.checkStatus).not.toHaveBeenCalled();
    session.stop();
  });

  test('checks status while just over 30 s remain', async () => {
    const { ports, session } = setup(tokenWith(STATUS_MARGIN_MS + TOKEN_CHECK_MS + 1));
    ports.renew.mockImplementation(() => new Promise(() => {}));
    session.start();
    await jest.advanceTimersByTimeAsync(TOKEN_CHECK_MS);
    expect(ports.checkStatus).toHaveBeenCalledTimes(1);
    session.stop();
  });

  test('a 403 on the status check logs out', async () => {
    const { ports, session } = setup(tokenWith(600_000));
    ports.checkStatus.mockRejectedValue(Object.assign(new Error('forbidden'), { status: 403 }));
    session.start();
    await jest.advanceTimersByTimeAsync(TOKEN_CHECK_MS);
    expect(ports.deleteSession).toHaveBeenCalledTimes(1);
    expect(ports.goToLogin).toHaveBeenCalled();
  });

  test('a 403 while a renewal runs is left to the renewal', async () => {
    const { ports, session } = setup(tokenWith(RENEW_UNDER_MS - 1));
    ports.renew.mockImplementation(() => new Promise(() => {}));
    ports.checkStatus.mockRejectedValue(Object.assign(new Error('forbidden'), { status: 403 }));
    session.start();
    await jest.advanceTimersByTimeAsync(TOKEN_CHECK_MS);
    expect(ports.checkStatus).toHaveBeenCalledTimes(1);
    expect(ports.goToLogin).not.toHaveBeenCalled();
    session.stop();
  });

  test('a 403 answered to a token renewed meanwhile keeps the session', async () => {
    const { ports, session, state } = setup(tokenWith(600_000));
    ports.checkStatus.mockImplementation(async () => {
      state.token = tokenWith(600_000 + 1);
      throw Object.assign(new Error('forbidden'), { status: 403 });
    });
    session.start();
    await jest.advanceTimersByTimeAsync(TOKEN_CHECK_MS);
    expect(ports.goToLogin).not.toHaveBeenCalled();
    session.stop();
  });

  test('another failure of the status check keeps the session', async () => {
    const { ports, session } = setup(tokenWith(600_000));
    ports.checkStatus.mockRejectedValue(Object.assign(new Error('bad gateway'), { status: 502 }));
    session.start();
    await jest.advanceTimersByTimeAsync(TOKEN_CHECK_MS);
    expect(ports.goToLogin).not.toHaveBeenCalled();
    session.stop();
  });

  test('an expired token logs out at the next check', async () => {
    const { ports, session } = setup(tokenWith(600_000));
    session.start();
    ports.renew.mockImplementation(() => new Promise(() => {}));
    await jest.advanceTimersByTimeAsync(600_000);
    expect(ports.goToLogin).toHaveBeenCalled();
  });
});

describe('cross-tab', () => {
  test('a token removed in another tab logs this tab out without a second delete', () => {
    const { ports, session, state } = setup(tokenWith(600_000));
    session.start();
    state.token = null;
    session.receive({ kind: 'token-removed' });
    expect(ports.deleteSession).not.toHaveBeenCalled();
    expect(ports.clearLocalState).toHaveBeenCalled();
    expect(ports.goToLogin).toHaveBeenCalled();
  });

  test('a token replaced in another tab is not a logout', () => {
    const { ports, session, state } = setup(tokenWith(600_000));
    session.start();
    state.token = tokenWith(600_000);
    session.receive({ kind: 'token-removed' });
    expect(ports.goToLogin).not.toHaveBeenCalled();
    session.stop();
  });
});

describe('inactivity', () => {
  const timeout = 120_000;

  test('is not tracked when the server gives no timeout', async () => {
    const { ports, session, target } = setup(tokenWith(3_600_000, 0));
    session.start();
    target.dispatchEvent(new Event('keydown'));
    await jest.advanceTimersByTimeAsync(timeout * 2);
    expect(ports.writeLastActive).not.toHaveBeenCalled();
    expect(ports.goToLogin).not.toHaveBeenCalled();
    session.stop();
  });

  test('logs out when idle longer than the timeout minus 30 s, at a 30 s check', async () => {
    const { ports, session } = setup(tokenWith(3_600_000, timeout));
    session.start();
    // Idle exactly timeout - margin: still signed in.
    await jest.advanceTimersByTimeAsync(timeout - IDLE_MARGIN_MS);
    expect(ports.goToLogin).not.toHaveBeenCalled();
    // The next check (every 30 s) sees the user idle for longer.
    await jest.advanceTimersByTimeAsync(IDLE_CHECK_MS);
    expect(ports.deleteSession).toHaveBeenCalledTimes(1);
    expect(ports.goToLogin).toHaveBeenCalled();
  });

  test('checks every 30 s, not more often', async () => {
    const { ports, session } = setup(tokenWith(3_600_000, 40_000));
    session.start();
    // Idle beyond 40 s - 30 s = 10 s already after 15 s, but the first check comes at 30 s.
    await jest.advanceTimersByTimeAsync(IDLE_CHECK_MS - 1);
    expect(ports.goToLogin).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(ports.goToLogin).toHaveBeenCalled();
  });

  test.each(['keydown', 'pointermove', 'pointerdown'])('%s keeps the user signed in', async (name) => {
    const { ports, session, target } = setup(tokenWith(3_600_000, timeout));
    session.start();
    for (let t = 0; t < 10; t++) {
      await jest.advanceTimersByTimeAsync(IDLE_CHECK_MS);
      target.dispatchEvent(new Event(name));
    }
    expect(ports.goToLogin).not.toHaveBeenCalled();
    session.stop();
  });

  test('activity is recorded at most once per 15 s', async () => {
    const { ports, session, target } = setup(tokenWith(3_600_000, timeout));
    session.start();
    expect(ports.writeLastActive).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    target.dispatchEvent(new Event('pointermove'));
    await jest.advanceTimersByTimeAsync(ACTIVITY_THROTTLE_MS - 2);
    target.dispatchEvent(new Event('pointermove'));
    expect(ports.writeLastActive).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    target.dispatchEvent(new Event('pointermove'));
    expect(ports.writeLastActive).toHaveBeenCalledTimes(2);
    session.stop();
  });

  test('activity recorded by another tab keeps this tab signed in', async () => {
    const { ports, session, state } = setup(tokenWith(3_600_000, timeout));
    session.start();
    for (let t = 0; t < 10; t++) {
      await jest.advanceTimersByTimeAsync(IDLE_CHECK_MS);
      state.lastActive = Date.now();
    }
    expect(ports.goToLogin).not.toHaveBeenCalled();
    session.stop();
  });
});

describe('logout', () => {
  test('deletes the session, clears local state and goes to login, once', async () => {
    const { ports, session } = setup(tokenWith(600_000));
    session.start();
    await Promise.all([session.logout(), session.logout()]);
    expect(ports.deleteSession).toHaveBeenCalledTimes(1);
    expect(ports.clearLocalState).toHaveBeenCalledTimes(1);
    expect(ports.goToLogin).toHaveBeenCalledTimes(1);
  });

  test('still leaves when the server fails the delete', async () => {
    const { ports, session } = setup(tokenWith(600_000));
    ports.deleteSession.mockRejectedValue(new Error('Network request failed'));
    session.start();
    await session.logout();
    expect(ports.goToLogin).toHaveBeenCalled();
  });

  test('stops every timer', async () => {
    const { ports, session } = setup(tokenWith(600_000, 60_000));
    session.start();
    await session.logout();
    ports.checkStatus.mockClear();
    await jest.advanceTimersByTimeAsync(TOKEN_CHECK_MS * 10);
    expect(ports.checkStatus).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(0);
  });
});
