import { ClientMessageReader } from '../../src/resources/desktops/rfb/clientMessages';

const msg = (...bytes: number[]) => Buffer.from(bytes);
const cutText = (text: string, extended = false) => {
  const b = Buffer.alloc(8 + text.length);
  b[0] = 6;
  b.writeInt32BE(extended ? -text.length : text.length, 4);
  b.write(text, 8, 'latin1');
  return b;
};

describe("reading the browser's RFB messages", () => {
  test('every message noVNC sends is framed and classed, however the bytes are split', () => {
    const stream = Buffer.concat([
      Buffer.concat([msg(0), Buffer.alloc(19)]), // SetPixelFormat
      msg(2, 0, 0, 2, 0, 0, 0, 0, 0xff, 0xff, 0xfe, 0xcc), // SetEncodings, 2 of them
      msg(3, 1, 0, 0, 0, 0, 3, 32, 2, 88), // FramebufferUpdateRequest
      msg(4, 1, 0, 0, 0, 0, 0, 0x61), // KeyEvent
      msg(5, 0, 0, 10, 0, 20), // PointerEvent
      cutText('hello'),
      cutText('zipped', true), // extended clipboard: the length is negative
      msg(150, 1, 0, 0, 0, 0, 3, 32, 2, 88), // EnableContinuousUpdates
      msg(248, 0, 0, 0, 0, 0, 0, 1, 2, 7, 7), // Fence with 2 bytes of payload
      msg(250, 0, 1, 2), // xvp reboot
      Buffer.concat([msg(251, 0, 4, 0, 3, 0, 1, 0), Buffer.alloc(16)]), // SetDesktopSize, one screen
      msg(255, 0, 0, 1, 0, 0, 0, 0x61, 0, 0, 0, 30), // QEMU extended key event
    ]);
    const expected = [
      [0, 'view', 20],
      [2, 'view', 12],
      [3, 'view', 10],
      [4, 'input', 8],
      [5, 'input', 6],
      [6, 'clipboard', 13],
      [6, 'clipboard', 14],
      [150, 'view', 10],
      [248, 'view', 11],
      [250, 'input', 4],
      [251, 'resize', 24],
      [255, 'input', 12],
    ];
    for (const size of [stream.length, 1, 5]) {
      const reader = new ClientMessageReader();
      const out = [];
      for (let at = 0; at < stream.length; at += size) out.push(...reader.push(stream.subarray(at, at + size)).messages);
      expect(out.map((m) => [m.type, m.kind, m.bytes.length])).toEqual(expected);
      expect(Buffer.concat(out.map((m) => m.bytes))).toEqual(stream);
      expect(out.filter((m) => m.type === 6).map((m) => m.clipboardBytes)).toEqual([5, 6]);
    }
  });

  test.each([
    ['an unknown type', msg(99, 0, 0, 0), 'the browser sent an RFB message of unknown type 99: the gateway passes only the messages it can read'],
    [
      'a QEMU message other than the extended key event',
      msg(255, 1, 0, 0),
      'the browser sent QEMU client message subtype 1, which the gateway does not pass (only the extended key event, 0)',
    ],
    [
      'clipboard data over the limit',
      msg(6, 0, 0, 0, 0x10, 0, 0, 0),
      "the browser sent 268435456 bytes of clipboard data, over the gateway's limit of 4194304",
    ],
  ])('%s is refused with the reason, after the whole messages before it', (_what, bytes, message) => {
    const reader = new ClientMessageReader();
    const key = msg(4, 1, 0, 0, 0, 0, 0, 0x61);
    const { messages, error } = reader.push(Buffer.concat([key, bytes]));
    expect(messages.map((m) => m.bytes)).toEqual([key]);
    expect(error).toMatchObject({ name: 'RfbError', message });
  });
});
