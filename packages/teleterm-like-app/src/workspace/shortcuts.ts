/** What a workspace shortcut does. */
export type Shortcut =
  | { action: 'commandBar' }
  | { action: 'close' }
  | { action: 'step'; by: 1 | -1 }
  | { action: 'nth'; index: number };

export type ShortcutKey = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

/** The shortcuts as the help lists them. */
export const shortcutHelp: { keys: string; does: string }[] = [
  { keys: 'Ctrl+K', does: 'Go to the command bar' },
  { keys: 'Ctrl+W', does: 'Close the active tab' },
  { keys: 'Ctrl+Tab', does: 'Next tab' },
  { keys: 'Ctrl+Shift+Tab', does: 'Previous tab' },
  { keys: 'Ctrl+1 … Ctrl+9', does: 'The first to ninth tab' },
];

/** The workspace's shortcut for a key press (Ctrl, or ⌘ on a Mac), if it is one. */
export function shortcutFor(e: ShortcutKey): Shortcut | undefined {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return undefined;
  if (e.key === 'Tab') return { action: 'step', by: e.shiftKey ? -1 : 1 };
  if (e.shiftKey) return undefined;
  const key = e.key.toLowerCase();
  if (key === 'k') return { action: 'commandBar' };
  if (key === 'w') return { action: 'close' };
  if (/^[1-9]$/.test(key)) return { action: 'nth', index: Number(key) - 1 };
  return undefined;
}
