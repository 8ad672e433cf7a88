import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { DataTable } from '../DataTable';
import { light } from '../theme/palettes';
import { Label } from './Label';

/** The background the page's style sheets give to elements matching `selector` (jsdom has no :hover). */
const hoverBackgrounds = (match: (selector: string) => boolean) =>
  [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules])
    .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && match(rule.selectorText))
    .map((rule) => rule.style.backgroundColor || rule.style.background);

test('a neutral pill stays visible on a table row under the pointer', () => {
  renderWithTheme(
    <DataTable
      label="Users"
      columns={[{ key: 'name', render: () => <Label>editor</Label> }]}
      data={[{ name: 'alice' }]}
      rowKey={(u) => u.name}
    />,
  );
  const pill = screen.getByText('editor');
  const pillClass = [...pill.classList].find((c) => hoverBackgrounds((s) => s.includes(`tr:hover .${c}`)).length)!;
  const rowHover = hoverBackgrounds((s) => s.includes('tbody tr:hover td'));
  const pillOnHoveredRow = hoverBackgrounds((s) => s.includes(`tr:hover .${pillClass}`));
  // At rest the pill is filled with the hover colour, so on a hovered row it needs another one.
  expect(rowHover).toEqual([light.hover]);
  expect(pillOnHoveredRow).toEqual([light.levels.surface]);
});
