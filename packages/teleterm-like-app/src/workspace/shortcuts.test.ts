import { shortcutFor, type ShortcutKey } from './shortcuts';

const press = (key: string, mods: Partial<Omit<ShortcutKey, 'key'>> = {}): ShortcutKey => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

test('Ctrl (or ⌘) with K, W, Tab and the digits are the workspace’s', () => {
  expect(shortcutFor(press('k', { ctrlKey: true }))).toEqual({ action: 'commandBar' });
  expect(shortcutFor(press('K', { metaKey: true }))).toEqual({ action: 'commandBar' });
  expect(shortcutFor(press('w', { ctrlKey: true }))).toEqual({ action: 'close' });
  expect(shortcutFor(press('Tab', { ctrlKey: true }))).toEqual({ action: 'step', by: 1 });
  expect(shortcutFor(press('Tab', { ctrlKey: true, shiftKey: true }))).toEqual({ action: 'step', by: -1 });
  expect(shortcutFor(press('1', { ctrlKey: true }))).toEqual({ action: 'nth', index: 0 });
  expect(shortcutFor(press('9', { ctrlKey: true }))).toEqual({ action: 'nth', index: 8 });
});

test('other keys go where they were typed', () => {
  expect(shortcutFor(press('k'))).toBeUndefined();
  expect(shortcutFor(press('Tab'))).toBeUndefined();
  expect(shortcutFor(press('0', { ctrlKey: true }))).toBeUndefined();
  expect(shortcutFor(press('c', { ctrlKey: true }))).toBeUndefined();
  expect(shortcutFor(press('k', { ctrlKey: true, altKey: true }))).toBeUndefined();
  // Ctrl+Shift+K, Ctrl+Shift+W: the terminal's (and the browser's) own.
  expect(shortcutFor(press('K', { ctrlKey: true, shiftKey: true }))).toBeUndefined();
  expect(shortcutFor(press('W', { ctrlKey: true, shiftKey: true }))).toBeUndefined();
});
