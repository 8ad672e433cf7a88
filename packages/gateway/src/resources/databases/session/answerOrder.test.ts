import type { InspectedMessage, ReplyTracker } from '../protocols/protocol';
import { ReplyEnds } from '../protocols/redis/replyEnds';
import { AnswerOrder } from './answerOrder';

/** Messages named by their bytes; each owes one reply but 'EMPTY' (none) and 'SUBSCRIBE' (uncounted from then on). */
const message = (name: string): InspectedMessage => ({ bytes: Buffer.from(name) });
function redisLike(): ReplyTracker {
  const ends = new ReplyEnds();
  return {
    owed: (m) => {
      const name = m.bytes.toString();
      return name === 'EMPTY' ? 0 : name === 'SUBSCRIBE' ? undefined : 1;
    },
    ends: (chunk) => ends.ends(chunk),
  };
}

const refusal = Buffer.from('-ERR refused\r\n');
const text = (pieces: Buffer[]) => Buffer.concat(pieces).toString();

describe('answering refused messages in the order they were sent', () => {
  it('answers after the replies owed for the messages before it, wherever the server chunks them', () => {
    const order = new AnswerOrder(redisLike());
    order.passed(message('SET'));
    order.passed(message('EMPTY'));
    expect(order.answer(refusal)).toEqual([]);
    order.passed(message('GET'));
    expect(text(order.fromServer(Buffer.from('+O')))).toBe('+O');
    expect(text(order.fromServer(Buffer.from('K\r\n$1\r')))).toBe('K\r\n-ERR refused\r\n$1\r');
    expect(text(order.fromServer(Buffer.from('\nv\r\n')))).toBe('\nv\r\n');
  });

  it('answers at once when no reply is owed, and keeps two answers in a row in order', () => {
    const order = new AnswerOrder(redisLike());
    expect(text(order.answer(refusal))).toBe('-ERR refused\r\n');
    order.passed(message('PING'));
    expect(order.answer(Buffer.from('-ERR one\r\n'))).toEqual([]);
    expect(order.answer(Buffer.from('-ERR two\r\n'))).toEqual([]);
    expect(text(order.fromServer(Buffer.from('+PONG\r\n')))).toBe('+PONG\r\n-ERR one\r\n-ERR two\r\n');
    expect(text(order.answer(refusal))).toBe('-ERR refused\r\n');
  });

  it('once replies stop being counted, sends what waits after the bytes at hand and later answers at once', () => {
    const order = new AnswerOrder(redisLike());
    order.passed(message('GET'));
    expect(order.answer(refusal)).toEqual([]);
    order.passed(message('SUBSCRIBE'));
    expect(text(order.fromServer(Buffer.from('$-1\r\n')))).toBe('$-1\r\n-ERR refused\r\n');
    expect(text(order.answer(Buffer.from('-ERR later\r\n')))).toBe('-ERR later\r\n');
  });

  it('answers at once and passes the server bytes through for a protocol without a tracker', () => {
    const order = new AnswerOrder();
    order.passed(message('Q'));
    expect(text(order.answer(refusal))).toBe('-ERR refused\r\n');
    expect(text(order.fromServer(Buffer.from('anything')))).toBe('anything');
  });
});
