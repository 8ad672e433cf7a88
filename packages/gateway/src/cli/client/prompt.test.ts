import { PassThrough } from 'node:stream';
import { askHidden, type Terminal } from './prompt';

/** A terminal whose keys the test types; `shown` is everything written to the screen. */
function fakeTerminal(tty: boolean) {
  const input = Object.assign(new PassThrough(), { isTTY: tty, raw: [] as boolean[], setRawMode: (raw: boolean) => input.raw.push(raw) });
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  return { terminal: { input, output } as Terminal, input, shown: () => shown };
}

describe('asking for a secret', () => {
  it('reads keys on a terminal in raw mode without showing them, honouring backspace', async () => {
    const t = fakeTerminal(true);
    const answer = askHidden('Password: ', t.terminal);
    t.input.write('hunter3\u007f2\r');
    await expect(answer).resolves.toBe('hunter2');
    expect(t.shown()).toBe('Password: \n');
    expect(t.input.raw).toEqual([true, false]);
  });

  it('cancels on Ctrl-C and leaves the terminal as it was', async () => {
    const t = fakeTerminal(true);
    const answer = askHidden('Password: ', t.terminal);
    t.input.write('abc\u0003');
    await expect(answer).rejects.toThrow('cancelled');
    expect(t.input.raw).toEqual([true, false]);
  });

  it('reads piped input a line per question, keeping what came early for the next', async () => {
    const t = fakeTerminal(false);
    t.input.write('secret password\r\n123456\n');
    await expect(askHidden('Password: ', t.terminal)).resolves.toBe('secret password');
    await expect(askHidden('Code: ', t.terminal)).resolves.toBe('123456');
    t.input.end('last');
    await expect(askHidden('More: ', t.terminal)).resolves.toBe('last');
  });
});
