/** @jest-environment node */
import { clipboardKeyHandler } from './clipboardKeys';

function keydown(key: string, mods: { ctrlKey?: boolean; shiftKey?: boolean } = {}) {
  const event = { type: 'keydown', key, ctrlKey: false, shiftKey: false, ...mods, prevented: false } as {
    prevented: boolean;
  } & Pick<KeyboardEvent, 'type' | 'key' | 'ctrlKey' | 'shiftKey'>;
  return Object.assign(event, { preventDefault: () => (event.prevented = true) }) as unknown as KeyboardEvent & {
    prevented: boolean;
  };
}

function setup(selection = '') {
  const pasted: string[] = [];
  const copied: string[] = [];
  const terminal = { hasSelection: () => selection !== '', getSelection: () => selection, paste: (t: string) => pasted.push(t) };
  const clipboard = {
    writeText: async (t: string) => void copied.push(t),
    readText: async () => 'from clipboard',
  };
  return { handler: clipboardKeyHandler(terminal, clipboard), pasted, copied };
}

test('Ctrl-Shift-C copies the selection and keeps the key from the shell', () => {
  const { handler, copied } = setup('selected text');
  const event = keydown('C', { ctrlKey: true, shiftKey: true });
  expect(handler(event)).toBe(false);
  expect(event.prevented).toBe(true);
  expect(copied).toEqual(['selected text']);
});

test('Ctrl-Shift-V pastes the clipboard into the terminal', async () => {
  const { handler, pasted } = setup();
  expect(handler(keydown('V', { ctrlKey: true, shiftKey: true }))).toBe(false);
  await Promise.resolve();
  await Promise.resolve();
  expect(pasted).toEqual(['from clipboard']);
});

test('Ctrl-C stays an interrupt for the shell, even with a selection', () => {
  const { handler, copied } = setup('selected text');
  expect(handler(keydown('c', { ctrlKey: true }))).toBe(true);
  expect(copied).toEqual([]);
});

test('Ctrl-Shift-C without a selection passes through', () => {
  const { handler } = setup();
  expect(handler(keydown('C', { ctrlKey: true, shiftKey: true }))).toBe(true);
});
