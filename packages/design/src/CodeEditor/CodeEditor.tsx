import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { sql } from '@codemirror/lang-sql';
import { yaml } from '@codemirror/lang-yaml';
import { Compartment, EditorState, Prec } from '@codemirror/state';
import { bracketMatching, foldGutter, indentOnInput } from '@codemirror/language';
import {
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { useEffect, useRef } from 'react';
import styled, { useTheme } from 'styled-components';
import { editorTheme } from './editorTheme';

export type CodeEditorProps = {
  value: string;
  onChange?: (value: string) => void;
  /** sql is the standard dialect, which reads well enough for PostgreSQL and MySQL statements. */
  language: 'yaml' | 'json' | 'sql';
  readOnly?: boolean;
  /** Ctrl+Enter (Cmd+Enter on a Mac) hands the text over, e.g. to run a statement, instead of adding a line. */
  onSubmit?: (value: string) => void;
  /** The editor's accessible name. */
  label: string;
  /** Height of the editing area in pixels; it scrolls beyond that. */
  height?: number;
};

const Host = styled.div<{ $height?: number }>`
  & .cm-editor {
    ${({ $height }) => ($height === undefined ? '' : `height: ${$height}px;`)}
  }
`;

const languages = { yaml, json, sql: () => sql() };

/** A CodeMirror 6 editor for YAML, JSON or SQL, controlled by `value`, coloured by the current theme. */
export function CodeEditor({
  value,
  onChange,
  onSubmit,
  language,
  readOnly = false,
  label,
  height,
}: CodeEditorProps) {
  const theme = useTheme();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const compartments = useRef({
    theme: new Compartment(),
    readOnly: new Compartment(),
    language: new Compartment(),
  });
  const changed = useRef(onChange);
  const submitted = useRef(onSubmit);
  // What the editor has reported through onChange since the value last caught up with its text. A parent may
  // render with one of them after the person typed on (a deferred render); putting it back would drop keystrokes.
  const reported = useRef<string[]>([]);
  useEffect(() => {
    changed.current = onChange;
    submitted.current = onSubmit;
  }, [onChange, onSubmit]);

  // The view is created once; later prop changes are dispatched into it below.
  useEffect(() => {
    const c = compartments.current;
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          foldGutter(),
          highlightActiveLine(),
          highlightActiveLineGutter(),
          history(),
          indentOnInput(),
          bracketMatching(),
          // Tab indents; Escape then Tab leaves the editor, as CodeMirror documents for accessibility.
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          // Above the default keymap, whose Mod-Enter inserts a blank line; without onSubmit that still happens.
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-Enter',
                run: (v) => {
                  if (!submitted.current) return false;
                  submitted.current(v.state.doc.toString());
                  return true;
                },
              },
            ]),
          ),
          c.language.of(languages[language]()),
          c.theme.of(editorTheme(theme)),
          c.readOnly.of([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
          // Focusable even when read-only, so a keyboard can reach and scroll text longer than the box.
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged) return;
            const text = u.state.doc.toString();
            reported.current.push(text);
            changed.current?.(text);
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    if (editor.state.doc.toString() === value) {
      reported.current = [];
      return;
    }
    // A value this editor reported itself, arriving after more typing: a late render, not a new value.
    const late = reported.current.indexOf(value);
    if (late !== -1) {
      reported.current = reported.current.slice(late + 1);
      return;
    }
    reported.current = [];
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const c = compartments.current;
    view.current?.dispatch({
      effects: [
        c.theme.reconfigure(editorTheme(theme)),
        c.language.reconfigure(languages[language]()),
        c.readOnly.reconfigure([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
      ],
    });
  }, [theme, language, readOnly]);

  return <Host ref={host} $height={height} />;
}
