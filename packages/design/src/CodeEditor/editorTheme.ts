import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import type { DefaultTheme } from 'styled-components';

/** CodeMirror's look, built from the current palette so the editor follows light and dark. */
export const editorTheme = (theme: DefaultTheme) => {
  const c = theme.colors;
  return [
    EditorView.theme(
      {
        '&': {
          backgroundColor: c.levels.surface,
          color: c.text.main,
          fontSize: `${theme.typography.code.fontSize}px`,
          border: `${theme.borderWidths[1]}px solid ${c.borderStrong}`,
          borderRadius: `${theme.radius.medium}px`,
        },
        '&.cm-focused': { outline: `${theme.sizes.focusRing}px solid ${c.focus}` },
        '.cm-scroller': { fontFamily: theme.fonts.mono, lineHeight: theme.typography.code.lineHeight },
        '.cm-content': { caretColor: c.text.main },
        '.cm-gutters': { backgroundColor: c.levels.sunken, color: c.text.muted, border: 'none' },
        '.cm-activeLine': { backgroundColor: c.hover },
        '.cm-activeLineGutter': { backgroundColor: c.hover },
        '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': {
          backgroundColor: c.ansi.selection,
        },
      },
      { dark: theme.name === 'dark' },
    ),
    syntaxHighlighting(
      HighlightStyle.define([
        { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: c.ansi.blue },
        { tag: [tags.string, tags.special(tags.string)], color: c.ansi.green },
        { tag: [tags.number, tags.bool, tags.null], color: c.ansi.magenta },
        { tag: [tags.keyword, tags.atom], color: c.ansi.red },
        { tag: tags.comment, color: c.text.muted, fontStyle: 'italic' },
        { tag: [tags.punctuation, tags.separator, tags.bracket], color: c.text.slightlyMuted },
      ]),
    ),
  ];
};
