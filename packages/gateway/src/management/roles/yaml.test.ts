import { RoleSyntaxError, parseRoleYaml, renderRoleYaml } from './yaml';
import { presetRoles } from './presets';

const fails = (yaml: string) => {
  try {
    parseRoleYaml(yaml);
  } catch (err) {
    expect(err).toBeInstanceOf(RoleSyntaxError);
    return (err as Error).message;
  }
  throw new Error('expected the role to be refused');
};

describe('role YAML', () => {
  it('round-trips every preset', () => {
    for (const role of presetRoles) expect(parseRoleYaml(renderRoleYaml(role))).toEqual(role);
  });

  it('names the field and line at fault', () => {
    const yaml = ['kind: role', 'metadata:', '  name: ops', 'spec:', '  allow:', '    rules:', '      - resources: [node]', '        verbs: [fly]'].join('\n');
    expect(fails(yaml)).toMatch(/^line 8: spec\.allow\.rules\.0\.verbs\.0: /);
  });

  it('names unknown keys with their line', () => {
    const yaml = ['kind: role', 'metadata:', '  name: ops', 'spec:', '  allow:', '    logins: [root]', '    superpowers: true'].join('\n');
    expect(fails(yaml)).toMatch(/^line 7: spec\.allow\.superpowers: not a role field/);
  });

  it('points at the key, not its block value on the next line', () => {
    const role = (...lines: string[]) => ['kind: role', 'metadata:', '  name: ops', 'spec:', '  allow:', ...lines].join('\n');
    expect(fails(role('    superpowers:', '      fly: true'))).toMatch(/^line 6: spec\.allow\.superpowers: /);
    expect(fails(role('    logins:', '      root: yes'))).toMatch(/^line 6: spec\.allow\.logins: /);
    expect(fails('kind: role\nmetadata:\n  description: no name\nspec: {}\n')).toMatch(/^line 2: metadata\.name: /);
  });

  it('refuses a misspelt option on its line rather than dropping it', () => {
    const yaml = ['kind: role', 'metadata:', '  name: ops', 'spec:', '  options:', '    desktop_clipbaord: false'].join('\n');
    expect(fails(yaml)).toMatch(/^line 6: spec\.options\.desktop_clipbaord: /);
  });

  it('keeps fields of the usual role model that the gateway does not act on, as written', () => {
    const yaml = [
      'kind: role',
      'metadata:',
      '  name: ops',
      'spec:',
      '  options:',
      '    desktop_clipboard: false',
      '    desktop_directory_sharing: false',
      '    permit_x11_forwarding: true',
      '    idp: { saml: { enabled: false } }',
      '  allow:',
      '    host_sudoers: ["ALL=(ALL) NOPASSWD: /usr/bin/systemctl"]',
      '  deny: {}',
    ].join('\n');
    const saved = parseRoleYaml(renderRoleYaml(parseRoleYaml(yaml)));
    expect(saved.spec.options).toEqual({
      desktop_clipboard: false,
      desktop_directory_sharing: false,
      permit_x11_forwarding: true,
      idp: { saml: { enabled: false } },
    });
    expect(saved.spec.allow).toEqual({ host_sudoers: ['ALL=(ALL) NOPASSWD: /usr/bin/systemctl'] });
  });

  it('reports YAML syntax errors with the line', () => {
    expect(fails('kind: role\nmetadata:\n  name: [unclosed\n')).toMatch(/^line \d+: /);
  });

  it('requires kind: role and a valid name', () => {
    expect(fails('kind: user\nmetadata:\n  name: x\nspec: {}\n')).toMatch(/^line 1: kind: /);
    expect(fails('kind: role\nmetadata:\n  name: "bad name"\nspec: {}\n')).toMatch(/^line 3: metadata\.name: /);
  });
});
