import { Alert, Box, Flex, Text } from '@portcullis/design';
import type { DesktopPlaybackMessage } from '@portcullis/shared';
import { useEffect, useRef, useState } from 'react';
import type { PlayerState } from '../player/PlayerEngine';
import { PlayerControls } from '../player/PlayerControls';
import type { DesktopSocket } from './desktopChannel';
import { readDesktopPlayback } from './desktopPlayback';
import { DesktopReplay } from './DesktopReplay';
import { novncRfb, type RfbFactory } from './rfb';

export interface DesktopPlayerProps {
  /** Opens the recording's playback socket (openDesktopPlaybackSocket in an app, a stand-in in tests); called once. */
  connect: () => DesktopSocket;
  /** The recording's length as the recordings list knew it, shown until the gateway's header arrives. */
  durationHint?: number;
  /** Makes the RFB client; noVNC unless a test hands in a stand-in. */
  makeRfb?: RfbFactory;
  /** Told what the recording is of (desktop, user, start, length) once the gateway's header arrives. */
  onRecording?: (recording: DesktopRecordingHeader) => void;
}

export type DesktopRecordingHeader = Extract<DesktopPlaybackMessage, { type: 'recording' }>;

const closedEarly = (code: number, reason: string) =>
  `The recording stopped before its end: ${reason || `connection lost (code ${code})`}.`;

/** A desktop session recording, drawn by noVNC from the gateway's playback socket, with play/pause, seek and speed. */
export function DesktopPlayer({ connect, durationHint, makeRfb = novncRfb, onRecording }: DesktopPlayerProps) {
  const screen = useRef<HTMLDivElement>(null);
  const replay = useRef<DesktopReplay | null>(null);
  const [state, setState] = useState<PlayerState>({
    status: 'loading',
    position: 0,
    duration: durationHint ?? 0,
    speed: 1,
  });
  const [title, setTitle] = useState('');
  const opening = useRef({ connect, makeRfb, onRecording });

  useEffect(() => {
    const target = screen.current!;
    const player = new DesktopReplay((channel) => {
      const rfb = opening.current.makeRfb(target, channel);
      // A recording is watched, never driven, and shown whole whatever the window's size.
      rfb.viewOnly = true;
      rfb.resizeSession = false;
      rfb.scaleViewport = true;
      return rfb;
    }, setState);
    replay.current = player;
    let complete = false;
    const socket = opening.current.connect();
    readDesktopPlayback(socket, {
      onRecording: (recording) => {
        setTitle(`${recording.desktopName}, ${recording.user}`);
        opening.current.onRecording?.(recording);
        player.start(recording.durationMs);
      },
      onChunk: (chunk) => player.addChunk(chunk),
      onEnd: () => {
        complete = true;
        player.finish();
      },
      onUnreadable: (problem) => player.fail(`The gateway sent ${problem}.`),
      onClose: (code, reason) => {
        if (!complete) player.fail(closedEarly(code, reason));
      },
    });
    return () => {
      complete = true;
      socket.close(1000);
      player.dispose();
      replay.current = null;
    };
  }, []);

  return (
    <Flex flexDirection="column" height="100%" minHeight={0}>
      {title ? (
        <Text px={3} py={1} typography="body3" color="text.muted">
          {title}
        </Text>
      ) : null}
      {state.status === 'error' ? <Alert m={2}>{state.error}</Alert> : null}
      <Box
        ref={screen}
        // The replayed screen is a picture: nothing in it takes input.
        role="img"
        aria-label="Desktop recording"
        data-testid="desktop-player-screen"
        data-status={state.status}
        flex="1"
        minHeight={0}
        overflow="hidden"
      />
      <PlayerControls
        state={state}
        onToggle={() => replay.current?.toggle()}
        onSeek={(ms) => replay.current?.seek(ms)}
        onSpeed={(speed) => replay.current?.setSpeed(speed)}
      />
    </Flex>
  );
}
