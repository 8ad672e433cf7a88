import { joinModes } from '../../resources/core/joinPolicy';
import { adminRoles } from '../../platform/server/firstStart';
import { emptyTraits } from '../../platform/storage/repos/users';
import { presetRoles } from './presets';
import { RoleSet } from './roleset';

describe('the preset roles', () => {
  it('let the first administrator join any session, in every mode', () => {
    const admin = new RoleSet(presetRoles.filter((r) => adminRoles.includes(r.metadata.name)), emptyTraits());
    expect(joinModes(admin, ['access'], 'ssh')).toEqual(['observer', 'peer', 'moderator']);
    expect(joinModes(admin, ['someone-else'], 'kubernetes')).toEqual(['observer', 'peer', 'moderator']);
  });

  it('give plain access no join rule: joining is granted on purpose, not by default', () => {
    const plain = new RoleSet(presetRoles.filter((r) => r.metadata.name === 'access'), emptyTraits());
    expect(joinModes(plain, ['access'], 'ssh')).toEqual([]);
  });
});
