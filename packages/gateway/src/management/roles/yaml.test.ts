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
    expect(fails(yaml)).toMatch(/^line 7: spec\.allow: Unrecognized key: "superpowers"/);
  });

  it('reports YAML syntax errors with the line', () => {
    expect(fails('kind: role\nmetadata:\n  name: [unclosed\n')).toMatch(/^line \d+: /);
  });

  it('requires kind: role and a valid name', () => {
    expect(fails('kind: user\nmetadata:\n  name: x\nspec: {}\n')).toMatch(/^line 1: kind: /);
    expect(fails('kind: role\nmetadata:\n  name: "bad name"\nspec: {}\n')).toMatch(/^line 3: metadata\.name: /);
  });
});
