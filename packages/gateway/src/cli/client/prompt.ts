import type { Readable, Writable } from 'node:stream';

/** Where questions are asked: a terminal (answers not echoed), or standard input read line by line. */
export interface Terminal {
  input: Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  output: Writable;
}

const processTerminal: Terminal = { input: process.stdin, output: process.stderr };

// What was read from a non-terminal input beyond the line asked for, kept for the next question.
let pending = '';

/** The next line of an input that is not a terminal (a password piped in by a script). */
async function nextLine(input: Readable): Promise<string> {
  while (!pending.includes('\n') && !input.readableEnded) {
    const chunk = await new Promise<Buffer | null>((resolve) => {
      const onData = (data: Buffer) => done(data);
      const onEnd = () => done(null);
      const done = (data: Buffer | null) => {
        input.off('data', onData);
        input.off('end', onEnd);
        input.pause();
        resolve(data);
      };
      input.on('data', onData);
      input.once('end', onEnd);
      input.resume();
    });
    if (chunk === null) break;
    pending += chunk.toString('utf8');
  }
  const end = pending.indexOf('\n');
  const line = end >= 0 ? pending.slice(0, end) : pending;
  pending = end >= 0 ? pending.slice(end + 1) : '';
  return line.replace(/\r$/, '');
}

/** Reads keys from a terminal in raw mode, showing nothing, until Enter. Ctrl-C and Ctrl-D cancel. */
function hiddenLine(t: Terminal): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const finish = (error?: Error) => {
      t.input.off('data', onData);
      t.input.setRawMode?.(false);
      t.input.pause();
      t.output.write('\n');
      if (error) reject(error);
      else resolve(answer);
    };
    const onData = (data: Buffer) => {
      for (const char of data.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || char === '\u0004') return finish(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') answer = answer.slice(0, -1);
        else answer += char;
      }
    };
    t.input.setRawMode?.(true);
    t.input.on('data', onData);
    t.input.resume();
  });
}

/** Asks for a secret (a password, a one-time code) without echoing it. */
export async function askHidden(question: string, t: Terminal = processTerminal): Promise<string> {
  t.output.write(question);
  if (t.input.isTTY) return hiddenLine(t);
  const line = await nextLine(t.input);
  t.output.write('\n');
  return line;
}
