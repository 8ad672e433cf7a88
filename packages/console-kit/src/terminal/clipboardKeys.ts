import type { Terminal } from '@xterm/xterm';

export type ClipboardAccess = Pick<Clipboard, 'readText' | 'writeText'>;

/**
 * Copy and paste inside the terminal. Ctrl-C and Ctrl-V belong to the shell (interrupt, literal next), so the
 * terminal convention Ctrl-Shift-C / Ctrl-Shift-V copies the selection and pastes. The browser's own paste
 * (context menu, Cmd-V) already reaches xterm through its textarea. Returns false for keys it handled, which tells
 * xterm not to process them.
 */
export function clipboardKeyHandler(
  terminal: Pick<Terminal, 'hasSelection' | 'getSelection' | 'paste'>,
  clipboard: ClipboardAccess,
): (event: KeyboardEvent) => boolean {
  return (event) => {
    if (event.type !== 'keydown' || !event.ctrlKey || !event.shiftKey) return true;
    const key = event.key.toLowerCase();
    if (key === 'c' && terminal.hasSelection()) {
      event.preventDefault();
      void clipboard.writeText(terminal.getSelection());
      return false;
    }
    if (key === 'v') {
      event.preventDefault();
      clipboard.readText().then(
        (text) => terminal.paste(text),
        () => {}, // clipboard permission refused: nothing to paste
      );
      return false;
    }
    return true;
  };
}
