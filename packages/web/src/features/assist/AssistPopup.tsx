import { useSecondFactorDialog } from '@portcullis/console-kit';
import { Alert, Button, ButtonIcon, Flex, H3, Icons, Indicator, Link, Text } from '@portcullis/design';
import { compilePath, webRoutes } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { Suspense, useState } from 'react';
import { Link as RouterLink, useMatch } from 'react-router-dom';
import { localState } from '../../client';
import { webConfigAtom } from '../../config';
import { useAttempt } from '../../useAttempt';
import { type AssistSockets, gatewaySockets } from './assistSockets';
import { AssistThread } from './AssistThread';
import { useConversations } from './useConversations';

/** The newest conversation, or one started here; the page is where the others are. */
function PopupThread({ sockets }: { sockets: AssistSockets }) {
  const { proxyCluster } = useAtomValue(webConfigAtom);
  const conversations = useConversations();
  const [chosen, setChosen] = useState<string>();
  const creating = useAttempt();
  const { ask, dialog } = useSecondFactorDialog();
  const conversationId = chosen ?? conversations.conversations[0]?.id;
  const startNew = () => void creating.run(async () => setChosen((await conversations.create()).id));
  return (
    <>
      <Flex alignItems="center" gap={2} mb={3}>
        <Button size="small" kind="border" onClick={startNew} loading={creating.busy}>
          New Conversation
        </Button>
        <Link as={RouterLink} to={compilePath(webRoutes.assist, { conversationId })}>
          Open in Assist
        </Link>
      </Flex>
      {creating.error || conversations.error ? <Alert>{creating.error || conversations.error}</Alert> : null}
      {conversations.titleError ? (
        <Alert onDismiss={conversations.dismissTitleError}>{conversations.titleError}</Alert>
      ) : null}
      {conversationId ? (
        <AssistThread
          key={conversationId}
          clusterId={proxyCluster}
          conversationId={conversationId}
          sockets={sockets}
          askSecondFactor={ask}
          onFirstMessage={(text) => void conversations.titleFrom(conversationId, text)}
        />
      ) : (
        <Text muted>No conversations yet: start one.</Text>
      )}
      {dialog}
    </>
  );
}

/**
 * The assistant from the top bar: a button that opens a floating panel with a conversation, over any page but
 * Assist itself. Whether it is open is kept in local storage, where it survives a clear.
 */
export function AssistPopup({ sockets = gatewaySockets }: { sockets?: AssistSockets }) {
  const [open, setOpen] = useState(localState.getShowAssistPopup);
  const onAssistPage = useMatch(webRoutes.assist) !== null;
  const show = (next: boolean) => {
    localState.setShowAssistPopup(next);
    setOpen(next);
  };
  if (onAssistPage) return null;
  return (
    <>
      <Button size="small" kind="border" aria-expanded={open} onClick={() => show(!open)}>
        Assist
      </Button>
      {open ? (
        <Flex
          as="aside"
          aria-label="Assistant"
          flexDirection="column"
          position="fixed"
          right={4}
          bottom={4}
          zIndex="nav"
          width="slidePanelWidth"
          maxWidth="90vw"
          height="70vh"
          p={4}
          bg="levels.elevated"
          color="text.main"
          borderRadius={3}
          boxShadow="high"
        >
          <Flex alignItems="center" justifyContent="space-between" mb={2}>
            <H3>Assist</H3>
            <ButtonIcon icon={Icons.Close} aria-label="Close the assistant" onClick={() => show(false)} />
          </Flex>
          <Suspense fallback={<Indicator />}>
            <PopupThread sockets={sockets} />
          </Suspense>
        </Flex>
      ) : null}
    </>
  );
}
