import {
  handlePlayerKey,
  openXterm,
  PlayerEngine,
  type PlayerState,
  type RecordingSource,
  type XtermView,
  xtermTheme,
} from '@portcullis/console-kit';
import { useTheme } from '@portcullis/design';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { webConfigAtom } from '../../config';
import { useTerminalTheme } from '../console/useTerminalTheme';

/**
 * Plays an SSH recording from `source` into a terminal in `container`, from `startAt`, with the player's keyboard
 * shortcuts on the window. A new source starts over; a null one (still loading) plays nothing.
 */
export function useTerminalPlayer(source: RecordingSource | null, { durationHint, startAt = 0 }: { durationHint?: number; startAt?: number }) {
  const container = useRef<HTMLDivElement>(null);
  const engine = useRef<PlayerEngine | null>(null);
  const view = useRef<XtermView | null>(null);
  const [state, setState] = useState<PlayerState>({ status: 'loading', position: 0, duration: durationHint ?? 0, speed: 1 });
  const { theme } = useTheme();
  const { ui } = useAtomValue(webConfigAtom);
  // What the terminal opens with: later changes (theme, query) do not restart playback.
  const opening = useRef({ theme, scrollback: ui.scrollbackLines, durationHint, startAt });
  useTerminalTheme(view);

  useEffect(() => {
    if (!source) return;
    const { theme: startTheme, scrollback, durationHint: hint, startAt: from } = opening.current;
    const xterm = openXterm(container.current!, { scrollback, theme: xtermTheme(startTheme), fontFamily: startTheme.fonts.mono });
    view.current = xterm;
    xterm.terminal.options.disableStdin = true;
    const player = new PlayerEngine(
      source,
      {
        reset: () => xterm.terminal.reset(),
        resize: (cols, rows) => xterm.terminal.resize(cols, rows),
        write: (data) => xterm.terminal.write(data),
      },
      setState,
    );
    engine.current = player;
    void player.load(hint, from);
    return () => {
      player.dispose();
      xterm.dispose();
      view.current = null;
      engine.current = null;
    };
  }, [source]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLElement && e.target.closest('input, textarea, [role="combobox"], [role="listbox"]')) return;
      if (engine.current && handlePlayerKey(e.key, engine.current)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const seek = (ms: number) => void engine.current?.seek(ms);
  return {
    container,
    state,
    seek,
    /** PlayerControls' props. */
    controls: {
      state,
      onToggle: () => engine.current?.toggle(),
      onSeek: seek,
      onSpeed: (speed: number) => engine.current?.setSpeed(speed),
    },
  };
}
