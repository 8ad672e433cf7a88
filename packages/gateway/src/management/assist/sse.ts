/** The most one server-sent event may hold; a stream sending more is cut off rather than buffered without end. */
const maxEventChars = 1024 * 1024;

export class SseTooLarge extends Error {}

/**
 * The `data` of each server-sent event in a response body, as the chat completions stream sends them: `data:`
 * lines (several in one event are joined by newlines), events ended by a blank line; other fields are ignored.
 */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = '';
  let data: string[] = [];
  const events = (text: string): string[] => {
    const lines = (pending + text).split('\n');
    pending = lines.pop()!;
    const complete: string[] = [];
    for (const raw of lines) {
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (line === '') {
        if (data.length) complete.push(data.join('\n'));
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(5).replace(/^ /, ''));
      }
    }
    if (pending.length + data.reduce((n, d) => n + d.length, 0) > maxEventChars) throw new SseTooLarge('an event of the stream is larger than 1 MiB');
    return complete;
  };
  const reader = body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) yield* events(decoder.decode(read.value, { stream: true }));
    // A stream that ends without its final blank line still delivers its last event.
    yield* events(`${decoder.decode()}\n\n`);
  } finally {
    // Stops the download when the reader leaves early ([DONE], an answer cut off, an error).
    await reader.cancel().catch(() => undefined);
  }
}
