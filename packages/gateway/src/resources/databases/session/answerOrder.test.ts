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

const refused = (reply: string, instead?: string) => ({ reason: 'refused', reply: Buffer.from(reply), ...(instead && { instead: message(instead) }) });
const refusal = refused('-ERR refused\r\n');
const text = (pieces: Buffer[] | undefined) => Buffer.concat(pieces!).toString();

describe('answering refused messages in the order they were sent', () => {
  it('answers after the replies owed for the messages before it, wherever the server chunks them', () => {
    const order = new AnswerOrder(redisLike());
    order.passed(message('SET'));
    order.passed(message('EMPTY'));
    expect(order.refused(refusal)).toEqual([]);
    order.passed(message('GET'));
    expect(text(order.fromServer(Buffer.from('+O')))).toBe('+O');
    expect(text(order.fromServer(Buffer.from('K\r\n$1\r')))).toBe('K\r\n-ERR refused\r\n$1\r');
    expect(text(order.fromServer(Buffer.from('\nv\r\n')))).toBe('\nv\r\n');
  });

  it('answers at once when no reply is owed, and keeps two answers in a row in order', () => {
    const order = new AnswerOrder(redisLike());
    expect(text(order.refused(refusal))).toBe('-ERR refused\r\n');
    order.passed(message('PING'));
    expect(order.refused(refused('-ERR one\r\n'))).toEqual([]);
    expect(order.refused(refused('-ERR two\r\n'))).toEqual([]);
    expect(text(order.fromServer(Buffer.from('+PONG\r\n')))).toBe('+PONG\r\n-ERR one\r\n-ERR two\r\n');
    expect(text(order.refused(refusal))).toBe('-ERR refused\r\n');
  });

  it('once replies stop being counted, counts those owed before and sends later answers at once', () => {
    const order = new AnswerOrder(redisLike());
    order.passed(message('GET'));
    expect(order.refused(refusal)).toEqual([]);
    order.passed(message('SUBSCRIBE'));
    order.passed(message('PING'));
    const subscribed = '*3\r\n$9\r\nsubscribe\r\n$1\r\nc\r\n:1\r\n';
    expect(text(order.fromServer(Buffer.from(`$-1\r\n${subscribed}`)))).toBe(`$-1\r\n-ERR refused\r\n${subscribed}`);
    expect(text(order.refused(refused('-ERR later\r\n')))).toBe('-ERR later\r\n');
    expect(text(order.fromServer(Buffer.from('+PONG\r\n')))).toBe('+PONG\r\n');
  });

  it("drops the replies to what a refused message is sent as, in the refused one's place, wherever the server chunks them", () => {
    const order = new AnswerOrder(redisLike());
    order.passed(message('MULTI'));
    order.passed(message('SET'));
    expect(order.refused(refused('-EXECABORT\r\n', 'DISCARD'))).toEqual([]);
    order.passed(message('GET'));
    expect(text(order.fromServer(Buffer.from('+OK\r\n+QUE')))).toBe('+OK\r\n+QUE');
    expect(text(order.fromServer(Buffer.from('UED\r\n+O')))).toBe('UED\r\n-EXECABORT\r\n');
    expect(text(order.fromServer(Buffer.from('K\r\n$1\r\nv\r\n')))).toBe('$1\r\nv\r\n');
  });

  it('drops them when the refusal is answered at once too, whole in one chunk or split', () => {
    const order = new AnswerOrder(redisLike());
    expect(text(order.refused(refused('-EXECABORT\r\n', 'DISCARD')))).toBe('-EXECABORT\r\n');
    order.passed(message('PING'));
    expect(text(order.fromServer(Buffer.from('+OK\r\n+PONG\r\n')))).toBe('+PONG\r\n');
    expect(text(order.refused(refused('-EXECABORT\r\n', 'DISCARD')))).toBe('-EXECABORT\r\n');
    order.passed(message('PING'));
    expect(text(order.fromServer(Buffer.from('+')))).toBe('');
    expect(text(order.fromServer(Buffer.from('OK\r\n+PO')))).toBe('+PO');
  });

  it('cannot send a refused message as another once replies stop being counted, nor without a tracker', () => {
    const order = new AnswerOrder(redisLike());
    order.passed(message('GET'));
    order.passed(message('SUBSCRIBE'));
    expect(order.refused(refused('-EXECABORT\r\n', 'DISCARD'))).toBeUndefined();
    expect(new AnswerOrder().refused(refused('-EXECABORT\r\n', 'DISCARD'))).toBeUndefined();
  });

  it('answers at once and passes the server bytes through for a protocol without a tracker', () => {
    const order = new AnswerOrder();
    order.passed(message('Q'));
    expect(text(order.refused(refusal))).toBe('-ERR refused\r\n');
    expect(text(order.fromServer(Buffer.from('anything')))).toBe('anything');
  });
});
