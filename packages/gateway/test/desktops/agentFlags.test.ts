import { announcedDesktopOf, parseDesktops } from '../../src/agent/desktops';

describe('--desktop and --desktop-os', () => {
  test('VNC desktops default to linux, RDP ones to windows; --desktop-os overrides; the announcement drops the password', () => {
    const desktops = parseDesktops(
      ['build=vnc://:secret@127.0.0.1:5901', 'office=rdp://Administrator:pw@10.0.0.5', 'kiosk=vnc://kiosk.local'],
      ['kiosk=windows'],
    );
    expect(desktops).toEqual([
      { name: 'build', uri: 'vnc://:secret@127.0.0.1:5901', os: 'linux' },
      { name: 'office', uri: 'rdp://Administrator:pw@10.0.0.5', os: 'windows' },
      { name: 'kiosk', uri: 'vnc://kiosk.local', os: 'windows' },
    ]);
    expect(desktops.map(announcedDesktopOf)).toEqual([
      { uri: 'vnc://127.0.0.1:5901', os: 'linux' },
      { uri: 'rdp://Administrator@10.0.0.5', os: 'windows' },
      { uri: 'vnc://kiosk.local', os: 'windows' },
    ]);
  });

  test.each([
    [['build'], [], 'invalid --desktop "build": expected NAME=URI, e.g. build-box=vnc://:PASSWORD@localhost:5901'],
    [['build=ssh://:secret@host'], [], 'invalid --desktop build: desktop URI "ssh://host" must start with vnc:// or rdp://'],
    [
      ['build=vnc://user:secret@host'],
      [],
      'invalid --desktop build: desktop URI "vnc://user@host": a VNC server has no users, only a password (vnc://:PASSWORD@HOST:PORT)',
    ],
    [['Build=vnc://host'], [], 'invalid --desktop Build: desktop name "Build" must be lower-case letters'],
    [['a=vnc://h', 'a=vnc://h2'], [], '--desktop a is given twice'],
    [['a=vnc://h'], ['a=macos'], 'invalid --desktop-os a: "macos" must be linux or windows'],
    [['a=vnc://h'], ['b=linux'], '--desktop-os b names no --desktop'],
  ])('refuses %j %j naming the flag, never the password', (flags, oses, message) => {
    let thrown: Error | undefined;
    try {
      parseDesktops(flags, oses);
    } catch (err) {
      thrown = err as Error;
    }
    expect(thrown?.message).toContain(message);
    expect(thrown?.message).not.toContain('secret');
  });
});
