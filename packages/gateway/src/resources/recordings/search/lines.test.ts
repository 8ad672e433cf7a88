import { maxLineChars, TextLines, type TextLine } from './lines';

const bytes = (s: string) => Buffer.from(s, 'utf8');

function collect(kind: 'input' | 'output') {
  const lines: TextLine[] = [];
  const splitter = new TextLines(kind, (l) => lines.push(l));
  return { lines, splitter, texts: () => lines.map((l) => l.text) };
}

describe('output lines', () => {
  test('colours, cursor moves, titles and charset selects are dropped; CRLF ends a line', () => {
    const { splitter, texts } = collect('output');
    splitter.write(10, bytes('\x1b]0;root@node: ~\x07\x1b[01;32mroot@node\x1b[00m:\x1b[01;34m~\x1b[00m# ls\r\n'));
    splitter.write(20, bytes('\x1b(B\x1b[mfile-a\x1b[K  \x1b[1;31mfile-b\x1b[0m\r\n\x1b]133;A\x1b\\\x1b=done'));
    splitter.end(30);
    expect(texts()).toEqual(['root@node:~# ls', 'file-a  file-b', 'done']);
  });

  test('an escape sequence cut between two chunks is still dropped whole', () => {
    const { splitter, texts } = collect('output');
    for (const piece of ['red:\x1b', '[3', '1mtext\x1b]2;ti', 'tle\x1b', '\\ after\r\n']) splitter.write(0, bytes(piece));
    expect(texts()).toEqual(['red:text after']);
  });

  test('a carriage-return overwrite is a new line; backspace takes back a character', () => {
    const { splitter, texts } = collect('output');
    splitter.write(0, bytes('progress 10%\rprogress 95%\r\nab\b \bc\tdone\n'));
    expect(texts()).toEqual(['progress 10%', 'progress 95%', 'ac done']);
  });

  test('UTF-8 split between chunks is decoded whole, and each line keeps the time it began', () => {
    const { splitter, lines } = collect('output');
    const text = bytes('naïve — 日本\r\n');
    splitter.write(5, text.subarray(0, 3));
    splitter.write(6, text.subarray(3, 12));
    splitter.write(7, text.subarray(12));
    splitter.write(8, bytes('second'));
    splitter.end(9);
    expect(lines).toEqual([
      { t: 5, kind: 'output', text: 'naïve — 日本' },
      { t: 8, kind: 'output', text: 'second' },
    ]);
  });

  test('while text is not wanted it is passed over, with the line in progress, up to the next line break', () => {
    let wanted = true;
    const lines: TextLine[] = [];
    const splitter = new TextLines('output', (l) => lines.push(l), () => wanted);
    splitter.write(0, Buffer.concat([bytes('kept\r\nhalf a line, cut in a character: '), bytes('日').subarray(0, 2)]));
    wanted = false;
    splitter.write(1, bytes('\x1b[31mred'));
    wanted = true;
    // Reading starts again at the break, with no character or escape sequence left half read.
    splitter.write(2, bytes('skipped to here\r\n日 read again\r\n'));
    expect(lines).toEqual([
      { t: 0, kind: 'output', text: 'kept' },
      { t: 2, kind: 'output', text: '日 read again' },
    ]);
  });

  test('a very long line is cut into lines of at most the maximum, blank lines are skipped', () => {
    const { splitter, texts } = collect('output');
    splitter.write(0, bytes(`${'x'.repeat(maxLineChars * 2 + 5)}\r\n   \r\n\r\n`));
    expect(texts()).toEqual(['x'.repeat(maxLineChars), 'x'.repeat(maxLineChars), 'xxxxx']);
  });
});

describe('input lines', () => {
  test('typed characters make a line Enter ends; backspace and DEL erase; arrow keys are dropped', () => {
    const { splitter, lines } = collect('input');
    for (const [t, key] of [[100, 'l'], [110, 's'], [120, 'x'], [130, '\x7f'], [140, '\x1b[A'], [150, '\x1bOD'], [160, ' -l'], [170, '\b'], [180, 'a\r']] as const) splitter.write(t, bytes(key));
    expect(lines).toEqual([{ t: 100, kind: 'input', text: 'ls -a' }]);
  });

  test('Ctrl-C discards the line being typed; tabs and other control keys are dropped', () => {
    const { splitter, texts } = collect('input');
    splitter.write(0, bytes('rm -rf /tmp/x\x03echo\t ok\x04\x1b[200~pasted\x1b[201~\r'));
    splitter.end(1);
    expect(texts()).toEqual(['echo okpasted']);
  });

  test('the line still being typed when the session ends is kept', () => {
    const { splitter, texts } = collect('input');
    splitter.write(0, bytes('sudo reboot'));
    expect(texts()).toEqual([]);
    splitter.end(1);
    expect(texts()).toEqual(['sudo reboot']);
  });
});
