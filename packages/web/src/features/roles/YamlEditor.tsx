import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { yaml } from '@codemirror/lang-yaml';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { Box, useTheme } from '@portcullis/design';
import { useEffect, useRef } from 'react';

/**
 * The role editor: CodeMirror with YAML highlighting, in the theme's colours. Kept with the roles feature
 * until design ships a code editor (requested in /tmp/design-requests.md).
 */
export function YamlEditor({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const { theme, themeName } = useTheme();
  const latest = useRef(onChange);
  latest.current = onChange;
  // The editor owns its text after mounting; this seeds it, and reseeds it when a theme switch rebuilds it.
  const initial = useRef(value);

  useEffect(() => {
    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: initial.current,
        extensions: [
          lineNumbers(),
          yaml(),
          syntaxHighlighting(defaultHighlightStyle),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged) return;
            initial.current = u.state.doc.toString();
            latest.current(initial.current);
          }),
          EditorView.theme(
            {
              '&': {
                backgroundColor: theme.colors.levels.sunken,
                color: theme.colors.text.main,
                height: '100%',
              },
              '.cm-gutters': {
                backgroundColor: theme.colors.levels.surface,
                color: theme.colors.text.muted,
                border: 'none',
              },
              '.cm-content': { fontFamily: theme.fonts.mono, caretColor: theme.colors.text.main },
              '.cm-scroller': { overflow: 'auto' },
            },
            { dark: themeName === 'dark' },
          ),
        ],
      }),
    });
    return () => view.destroy();
  }, [label, theme, themeName]);

  return <Box ref={host} height={400} borderRadius={2} overflow="hidden" />;
}
