import { createLocalState } from './localState';
import { StorageKey, type StorageLike } from './storage';

// A Map-backed store: the same interface window.localStorage offers, so the gateway-side path is exercised.
function memoryStore(): StorageLike & { keys(): string[] } {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
    clear: () => data.clear(),
    keys: () => [...data.keys()],
  };
}

test('every key carries the grv_teleport_ prefix', () => {
  for (const key of Object.values(StorageKey)) expect(key.startsWith('grv_teleport_')).toBe(true);
  const store = memoryStore();
  const state = createLocalState(store);
  state.saveSession({ type: 'Bearer', token: 't', expires_in: 60 }, 1000);
  state.setRenewing(true);
  state.setLastActive(5);
  state.setDiscover({ step: 1 });
  state.setTheme('dark');
  state.setShowAssistPopup(false);
  expect(store.keys()).toHaveLength(6);
  for (const key of store.keys()) expect(key).toMatch(/^grv_teleport_/);
});

test('clearing keeps the theme and the assistant-popup flag only', () => {
  const store = memoryStore();
  const state = createLocalState(store);
  state.saveSession({ type: 'Bearer', token: 't', expires_in: 60 });
  state.setLastActive(5);
  state.setTheme('dark');
  state.setShowAssistPopup(false);
  store.setItem('unrelated', 'x');
  state.clear();
  expect(store.keys().sort()).toEqual([StorageKey.SHOW_ASSIST_POPUP, StorageKey.THEME].sort());
  expect(state.getTheme()).toBe('dark');
  expect(state.getShowAssistPopup()).toBe(false);
  expect(state.getBearerToken()).toBeUndefined();
  expect(state.getLastActive()).toBe(0);
});

test('the theme defaults to light', () => {
  expect(createLocalState(memoryStore()).getTheme()).toBe('light');
});

test('the bearer token round-trips and renewal is visible to other tabs', () => {
  const store = memoryStore();
  const tab1 = createLocalState(store);
  const tab2 = createLocalState(store);
  tab1.saveSession({ type: 'Bearer', token: 'abc', expires_in: 600, sessionExpires: '2026-01-01T00:00:00Z', sessionInactiveTimeout: 5000 }, 42);
  expect(tab2.getBearerToken()).toEqual({
    accessToken: 'abc',
    expiresIn: 600,
    created: 42,
    sessionExpires: '2026-01-01T00:00:00Z',
    sessionInactiveTimeout: 5000,
  });
  tab1.setRenewing(true);
  expect(tab2.isRenewing()).toBe(true);
  tab1.setRenewing(false);
  expect(tab2.isRenewing()).toBe(false);
});

test("telemetry is enabled only by the exact text 'true'", () => {
  const store = memoryStore();
  const state = createLocalState(store);
  expect(state.isTelemetryEnabled()).toBe(false);
  store.setItem(StorageKey.ENABLE_TELEMETRY, 'yes');
  expect(state.isTelemetryEnabled()).toBe(false);
  store.setItem(StorageKey.ENABLE_TELEMETRY, 'true');
  expect(state.isTelemetryEnabled()).toBe(true);
});
