import type { Duplex } from 'node:stream';
import { duplexPair } from '../../src/resources/databases/session/duplexPair';
import { relay, type RelayRules } from '../../src/resources/desktops/session/relay';
import { eventually } from '../servers/fixtures';

const key = Buffer.of(4, 1, 0, 0, 0, 0, 0, 0x61);
const pointer = Buffer.of(5, 0, 0, 10, 0, 20);
const updateRequest = Buffer.of(3, 1, 0, 0, 0, 0, 3, 32, 2, 88);
const cutText = Buffer.concat([Buffer.of(6, 0, 0, 0, 0, 0, 0, 3), Buffer.from('abc')]);
const resize = Buffer.concat([Buffer.of(251, 0, 4, 0, 3, 0, 1, 0), Buffer.alloc(16)]);

/** A relay between a browser end and a desktop end the test holds, with every rule's calls noted. */
function harness(rules: Pick<RelayRules, 'observer' | 'clipboard'>, first = Buffer.alloc(0)) {
  const [browser, clientSide] = duplexPair();
  const [linkSide, desktop] = duplexPair();
  const seen = { toDesktop: [] as Buffer[], toBrowser: [] as Buffer[], clipboard: [] as number[], inputs: 0, recorded: [] as Buffer[], said: [] as string[] };
  desktop.on('data', (c: Buffer) => seen.toDesktop.push(c));
  browser.on('data', (c: Buffer) => seen.toBrowser.push(c));
  const session = relay(clientSide, linkSide, first, {
    ...rules,
    onClipboard: (n) => seen.clipboard.push(n),
    onInput: () => seen.inputs++,
    onServerBytes: (c) => seen.recorded.push(c),
    sayWhy: (m) => seen.said.push(m),
  });
  return { browser: browser as Duplex, desktop: desktop as Duplex, seen, session };
}

const bytes = (list: Buffer[]) => Buffer.concat(list);

describe('the desktop relay', () => {
  test("an owner's messages reach the desktop in order, clipboard noted; the desktop's bytes reach the browser and its recorder", async () => {
    const h = harness({ observer: false, clipboard: true }, updateRequest);
    h.browser.write(Buffer.concat([key, pointer, cutText, resize]));
    h.desktop.write(Buffer.from('FRAME'));
    const expected = Buffer.concat([updateRequest, key, pointer, cutText, resize]);
    await eventually(async () => bytes(h.seen.toDesktop).length === expected.length, 'the messages at the desktop');
    expect(bytes(h.seen.toDesktop)).toEqual(expected);
    expect(h.seen.clipboard).toEqual([3]);
    expect(h.seen.inputs).toBe(4);
    await eventually(async () => h.seen.toBrowser.length > 0, 'the frame at the browser');
    expect(bytes(h.seen.toBrowser).toString()).toBe('FRAME');
    expect(bytes(h.seen.recorded).toString()).toBe('FRAME');
    h.browser.end();
    expect(await h.session.closed).toEqual({});
  });

  test('clipboard off drops ClientCutText unnoted, and the messages around it still pass', async () => {
    const h = harness({ observer: false, clipboard: false });
    h.browser.write(Buffer.concat([key, cutText, updateRequest]));
    const expected = Buffer.concat([key, updateRequest]);
    await eventually(async () => bytes(h.seen.toDesktop).length === expected.length, 'the messages at the desktop');
    expect(bytes(h.seen.toDesktop)).toEqual(expected);
    expect(h.seen.clipboard).toEqual([]);
    h.desktop.end();
    expect(await h.session.closed).toEqual({});
  });

  test("an observer's input, clipboard and resize are dropped; what shapes its view passes", async () => {
    const h = harness({ observer: true, clipboard: false });
    h.browser.write(Buffer.concat([key, pointer, cutText, resize, updateRequest]));
    await eventually(async () => bytes(h.seen.toDesktop).length === updateRequest.length, 'the update request at the desktop');
    expect(bytes(h.seen.toDesktop)).toEqual(updateRequest);
    expect(h.seen.inputs).toBe(0);
    h.browser.end();
    await h.session.closed;
  });

  test('a message the gateway cannot read ends the session, telling the browser why', async () => {
    const h = harness({ observer: false, clipboard: true });
    h.browser.write(Buffer.concat([key, Buffer.of(42)]));
    const outcome = await h.session.closed;
    const reason = 'the browser sent an RFB message of unknown type 42: the gateway passes only the messages it can read';
    expect(outcome).toEqual({ reason, error: reason });
    expect(h.seen.said).toEqual([reason]);
    expect(bytes(h.seen.toDesktop)).toEqual(key);
  });

  test('ended by the gateway (a lock), the browser is told the reason once', async () => {
    const h = harness({ observer: false, clipboard: true });
    h.session.end('locked: stand by');
    h.session.end('a second reason');
    expect(await h.session.closed).toEqual({ reason: 'locked: stand by' });
    expect(h.seen.said).toEqual(['locked: stand by']);
  });
});
