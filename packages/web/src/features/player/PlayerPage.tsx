import {
  DesktopPlayer,
  type DesktopSocket,
  handlePlayerKey,
  openDesktopPlaybackSocket,
  httpSource,
  openXterm,
  PlayerControls,
  PlayerEngine,
  type PlayerState,
  type RfbFactory,
  xtermTheme,
} from '@portcullis/console-kit';
import { Alert, Box, Flex, PageHeader, useTheme } from '@portcullis/design';
import { compilePath, webRoutes } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { gateway } from '../../client';
import { webConfigAtom } from '../../config';
import { DatabasePlayback } from './DatabasePlayback';

export interface PlayerPageProps {
  /** Opens a desktop recording's playback socket; tests pass a fake socket. */
  connectDesktopPlayback?: (target: { clusterId: string; sid: string }) => DesktopSocket;
  /** The RFB client drawing a desktop recording; tests pass a stand-in for noVNC. */
  makeRfb?: RfbFactory;
}

const gatewayDesktopPlayback = (target: { clusterId: string; sid: string }) => openDesktopPlaybackSocket(target, gateway);

/** The session player (/web/cluster/{clusterId}/session/{sid}?recordingType=ssh&durationMs=...). */
export default function PlayerPage({ connectDesktopPlayback = gatewayDesktopPlayback, makeRfb }: PlayerPageProps) {
  const { clusterId = '', sid = '' } = useParams();
  const [query] = useSearchParams();
  const durationHint = Number(query.get('durationMs')) || undefined;
  const recordingType = query.get('recordingType') ?? 'ssh';
  const container = useRef<HTMLDivElement>(null);
  const engine = useRef<PlayerEngine | null>(null);
  const [state, setState] = useState<PlayerState>({ status: 'loading', position: 0, duration: durationHint ?? 0, speed: 1 });
  const { theme } = useTheme();
  const { ui } = useAtomValue(webConfigAtom);
  const opening = useRef({ theme, scrollback: ui.scrollbackLines, durationHint });

  useEffect(() => {
    if (recordingType !== 'ssh') return;
    const { theme: startTheme, scrollback, durationHint: hint } = opening.current;
    const view = openXterm(container.current!, { scrollback, theme: xtermTheme(startTheme), fontFamily: startTheme.fonts.mono });
    view.terminal.options.disableStdin = true;
    const player = new PlayerEngine(
      httpSource(clusterId, sid, gateway),
      {
        reset: () => view.terminal.reset(),
        resize: (cols, rows) => view.terminal.resize(cols, rows),
        write: (data) => view.terminal.write(data),
      },
      setState,
    );
    engine.current = player;
    void player.load(hint);
    return () => {
      player.dispose();
      view.dispose();
      engine.current = null;
    };
  }, [clusterId, sid, recordingType]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLElement && e.target.closest('input, [role="combobox"], [role="listbox"]')) return;
      if (engine.current && handlePlayerKey(e.key, engine.current)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const header = (
    <PageHeader
      title={`Recording of session ${sid}`}
      back={{ title: 'Session Recordings', to: compilePath(webRoutes.recordings, { clusterId }) }}
      linkAs={Link}
      actions={clusterId}
    />
  );
  if (recordingType === 'database') {
    // A database session is played back as the statements it ran, not as a screen.
    return (
      <Flex flexDirection="column" height="100vh" bg="levels.sunken">
        {header}
        <DatabasePlayback clusterId={clusterId} sid={sid} />
      </Flex>
    );
  }
  if (recordingType === 'desktop') {
    return (
      <Flex flexDirection="column" height="100vh" bg="levels.sunken">
        {header}
        <DesktopPlayer connect={() => connectDesktopPlayback({ clusterId, sid })} durationHint={durationHint} makeRfb={makeRfb} />
      </Flex>
    );
  }
  if (recordingType !== 'ssh') {
    return (
      <>
        {header}
        <Alert m={4}>This player plays SSH recordings; {recordingType} recordings are not supported yet.</Alert>
      </>
    );
  }
  return (
    <Flex flexDirection="column" height="100vh" bg="levels.sunken">
      {header}
      {state.status === 'error' ? <Alert m={2}>{state.error}</Alert> : null}
      <Box ref={container} data-testid="player-terminal" data-status={state.status} flex="1" minHeight={0} p={2} />
      <PlayerControls
        state={state}
        onToggle={() => engine.current?.toggle()}
        onSeek={(ms) => void engine.current?.seek(ms)}
        onSpeed={(speed) => engine.current?.setSpeed(speed)}
      />
    </Flex>
  );
}
