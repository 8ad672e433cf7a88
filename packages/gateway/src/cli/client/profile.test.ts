import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { currentProfile, readProfile, removeProfile, saveProfile, type Profile } from './profile';

const profile: Profile = {
  proxy: 'https://gw.example.com',
  user: 'alice',
  cluster: 'gw',
  csrf: 'c'.repeat(64),
  secret: 'cookie-secret',
  token: 'bearer-token',
  expires: '2026-03-01T12:00:00.000Z',
  mfaVerified: false,
};

describe('the command line’s profile', () => {
  let home: string;
  const before = process.env.PORTCULLIS_HOME;
  beforeEach(() => {
    home = path.join(mkdtempSync(path.join(tmpdir(), 'portcullis-home-')), 'nested');
    process.env.PORTCULLIS_HOME = home;
  });
  afterEach(() => {
    rmSync(path.dirname(home), { recursive: true, force: true });
    process.env.PORTCULLIS_HOME = before;
  });

  it('is kept under $PORTCULLIS_HOME in a file only its owner can read, even one that existed before', () => {
    const file = path.join(home, 'profile.json');
    saveProfile(profile);
    writeFileSync(file, '{}', { mode: 0o644 });
    expect(saveProfile(profile)).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(home).mode & 0o777).toBe(0o700);
    expect(readProfile()).toEqual(profile);
  });

  it('is refused once its session expired, with the login command to run', () => {
    saveProfile(profile);
    expect(currentProfile(Date.parse('2026-03-01T11:59:59Z'))).toEqual(profile);
    expect(() => currentProfile(Date.parse('2026-03-01T12:00:00Z'))).toThrow(
      'the session of alice on https://gw.example.com expired at 2026-03-01T12:00:00.000Z: run portcullis login --proxy https://gw.example.com --user alice',
    );
  });

  it('says how to sign in when there is none, and names a file that is not a profile', () => {
    expect(() => currentProfile()).toThrow('not logged in: run portcullis login --proxy URL --user NAME');
    saveProfile(profile);
    removeProfile();
    expect(readProfile()).toBeUndefined();
    saveProfile(profile);
    writeFileSync(path.join(home, 'profile.json'), '{"user": "alice"}');
    expect(() => readProfile()).toThrow(`${path.join(home, 'profile.json')} is not a Portcullis profile: remove it and run portcullis login again`);
  });
});
