import { Alert, Banner, Box, Button, Flex, Label, Text } from '@portcullis/design';
import { type ClipboardEvent, useEffect, useReducer, useRef, useState } from 'react';
import { DesktopChannel, type DesktopSocket } from './desktopChannel';
import {
  desktopSessionReducer,
  type DesktopSessionState,
  initialDesktopSession,
} from './desktopSessionState';
import { novncRfb, type RfbClient, type RfbFactory } from './rfb';

/** The system clipboard as the session uses it (navigator.clipboard in a browser). */
export type TextClipboard = Pick<Clipboard, 'readText' | 'writeText'>;

export interface DesktopSessionProps {
  desktopName: string;
  /** The login on the desktop (an observer: the login of the session being watched). */
  username: string;
  /** The user's roles allow clipboard sharing on desktops (the ACL's clipboardSharingEnabled). */
  clipboardSharing: boolean;
  /** Opens the desktop socket asking for a screen of `size` (openDesktopSocket in an app, a stand-in in tests). */
  connect: (size: { width: number; height: number }) => DesktopSocket;
  /** Makes the RFB client; noVNC unless a test hands in a stand-in. */
  makeRfb?: RfbFactory;
  /** The system clipboard; navigator.clipboard unless a test hands in another. */
  clipboard?: TextClipboard;
}

/** A screen size to ask for before the page has laid out (jsdom never does). */
const fallbackSize = { width: 1280, height: 720 };

const statusLabel = {
  connecting: { kind: 'warning', text: 'Connecting…' },
  connected: { kind: 'success', text: 'Connected' },
  closed: { kind: 'neutral', text: 'Disconnected' },
} as const;

/** Clipboard text passes both ways only when both the session (the gateway) and the user's roles allow it. */
const clipboardShared = (state: DesktopSessionState, allowedByRoles: boolean) =>
  allowedByRoles && state.session?.clipboard === true;

function ClipboardLabel({ state, allowedByRoles }: { state: DesktopSessionState; allowedByRoles: boolean }) {
  if (!state.session) return null;
  if (clipboardShared(state, allowedByRoles)) return <Label kind="info">Clipboard shared</Label>;
  return (
    <Label title={allowedByRoles ? 'Not allowed in this session' : 'Not allowed by your roles'}>
      Clipboard off
    </Label>
  );
}

function Ending({ state }: { state: DesktopSessionState }) {
  if (state.error)
    return (
      <Alert
        m={3}
        mb={0}
        details={state.closeReason ? `The connection closed: ${state.closeReason}.` : undefined}
      >
        {state.error}
      </Alert>
    );
  if (state.status !== 'closed') return null;
  if (state.disconnectedByUser)
    return (
      <Alert kind="info" m={3} mb={0}>
        You disconnected from the desktop.
      </Alert>
    );
  return (
    <Alert kind="warning" m={3} mb={0}>
      The connection closed: {state.closeReason}.
    </Alert>
  );
}

/**
 * A remote desktop in the page: a status bar, then the desktop drawn by noVNC over the gateway's desktop socket,
 * filling the rest and resized with the window (noVNC asks the desktop for the new size). The socket's text
 * frames are the gateway's (the session's rights, errors) and never reach noVNC.
 */
export function DesktopSession({
  desktopName,
  username,
  clipboardSharing,
  connect,
  makeRfb = novncRfb,
  clipboard,
}: DesktopSessionProps) {
  const [state, dispatch] = useReducer(desktopSessionReducer, initialDesktopSession);
  const [attempt, setAttempt] = useState(0);
  const screen = useRef<HTMLDivElement>(null);
  const rfb = useRef<RfbClient | null>(null);
  const opening = useRef({ connect, makeRfb });
  const systemClipboard = () => clipboard ?? (navigator.clipboard as TextClipboard | undefined);
  const sharing = useRef({ shared: false, clipboard: systemClipboard, lastPasted: '' });
  sharing.current.shared = clipboardShared(state, clipboardSharing);
  sharing.current.clipboard = systemClipboard;

  useEffect(() => {
    const target = screen.current!;
    let live = true;
    const size = {
      width: target.clientWidth || fallbackSize.width,
      height: target.clientHeight || fallbackSize.height,
    };
    const channel = new DesktopChannel(opening.current.connect(size), {
      onMessage: (message) => {
        if (!live) return;
        if (message.type === 'session' && rfb.current) {
          const observing = message.mode === 'observer';
          rfb.current.viewOnly = observing;
          // An observer sees the owner's screen whole, and must not resize it.
          rfb.current.resizeSession = !observing;
          rfb.current.scaleViewport = observing;
          if (!observing) rfb.current.focus({ preventScroll: true });
        }
        dispatch({ type: 'message', message });
      },
      onUnreadable: (problem) => live && dispatch({ type: 'unreadable', problem }),
      onClose: (code, reason) => live && dispatch({ type: 'closed', code, reason }),
    });
    const client = opening.current.makeRfb(target, channel);
    client.scaleViewport = false;
    client.resizeSession = true;
    client.addEventListener('clipboard', (event) => {
      if (live && sharing.current.shared)
        void sharing.current.clipboard()?.writeText((event as CustomEvent<{ text: string }>).detail.text);
    });
    rfb.current = client;
    return () => {
      live = false;
      rfb.current = null;
      client.disconnect();
    };
  }, [attempt]);

  /** Local clipboard text goes to the desktop when it changed since it was last sent. */
  const paste = (text: string) => {
    if (!sharing.current.shared || !rfb.current || !text || text === sharing.current.lastPasted) return;
    sharing.current.lastPasted = text;
    rfb.current.clipboardPasteFrom(text);
  };
  const pasteSystemClipboard = () => {
    if (!sharing.current.shared) return;
    // The browser may refuse to read the clipboard (no permission, no focus): the paste event still carries it.
    sharing.current
      .clipboard()
      ?.readText()
      .then(paste, () => undefined);
  };

  const disconnect = () => {
    dispatch({ type: 'disconnect' });
    rfb.current?.disconnect();
  };
  const reconnect = () => {
    dispatch({ type: 'reconnect' });
    setAttempt((n) => n + 1);
  };

  const status = statusLabel[state.status];
  const observing = state.session?.mode === 'observer';
  return (
    <Flex flexDirection="column" height="100%" minHeight={0}>
      <Flex
        as="header"
        alignItems="center"
        gap={3}
        px={3}
        py={2}
        bg="levels.surface"
        borderBottom={1}
        borderColor="border"
      >
        <Text typography="h3" as="h1">
          {desktopName}
        </Text>
        <Text color="text.muted">as {username}</Text>
        <Label kind={status.kind}>{status.text}</Label>
        {state.session?.recording ? <Label kind="danger">Recording</Label> : null}
        <ClipboardLabel state={state} allowedByRoles={clipboardSharing} />
        <Flex ml="auto" gap={2}>
          <Button kind="border" size="small" onClick={disconnect} disabled={state.status === 'closed'}>
            Disconnect
          </Button>
          <Button kind="border" size="small" onClick={reconnect} disabled={state.status !== 'closed'}>
            Reconnect
          </Button>
        </Flex>
      </Flex>
      {observing ? (
        <Banner kind="info">
          You are observing this session: your keyboard and mouse do not reach the desktop.
        </Banner>
      ) : null}
      <Ending state={state} />
      <Box
        ref={screen}
        // An application region: keys typed in it go to the remote desktop, not to the page.
        role="application"
        aria-label={`Desktop ${desktopName}`}
        data-testid="desktop-screen"
        flex="1"
        minHeight={0}
        overflow="hidden"
        bg="levels.sunken"
        onFocus={pasteSystemClipboard}
        onPaste={(event: ClipboardEvent) => paste(event.clipboardData.getData('text/plain'))}
      />
    </Flex>
  );
}
