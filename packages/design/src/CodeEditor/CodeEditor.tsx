import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { yaml } from '@codemirror/lang-yaml';
import { Compartment, EditorState } from '@codemirror/state';
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
  language: 'yaml' | 'json';
  readOnly?: boolean;
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

const languages = { yaml, json };

/** A CodeMirror 6 editor for YAML or JSON, controlled by `value`, coloured by the current theme. */
export function CodeEditor({ value, onChange, language, readOnly = false, label, height }: CodeEditorProps) {
  const theme = useTheme();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const compartments = useRef({
    theme: new Compartment(),
    readOnly: new Compartment(),
    language: new Compartment(),
  });
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

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
          c.language.of(languages[language]()),
          c.theme.of(editorTheme(theme)),
          c.readOnly.of([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
          // Focusable even when read-only, so a keyboard can reach and scroll text longer than the box.
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorView.updateListener.of((u) => u.docChanged && changed.current?.(u.state.doc.toString())),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
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
