import { useSecondFactorDialog } from '@portcullis/console-kit';
import { Alert, Box, Button, EmptyState, Flex, H1 } from '@portcullis/design';
import { compilePath, webRoutes } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { useNavigate, useParams } from 'react-router-dom';
import { webConfigAtom } from '../../config';
import { useAttempt } from '../../useAttempt';
import { type AssistSockets, gatewaySockets } from './assistSockets';
import { AssistThread } from './AssistThread';
import { ConversationList } from './ConversationList';
import { useConversations } from './useConversations';

export interface AssistPageProps {
  /** How the page reaches the gateway's websockets; tests and stories pass stand-ins. */
  sockets?: AssistSockets;
}

const conversationPath = (conversationId: string) => compilePath(webRoutes.assist, { conversationId });

/** Assist (/web/assist/{conversationId?}): the person's conversations beside the one open. */
export default function AssistPage({ sockets = gatewaySockets }: AssistPageProps) {
  const { conversationId } = useParams();
  const { proxyCluster } = useAtomValue(webConfigAtom);
  const conversations = useConversations();
  const navigate = useNavigate();
  const creating = useAttempt();
  const { ask, dialog } = useSecondFactorDialog();

  const startNew = () =>
    void creating.run(async () => navigate(conversationPath((await conversations.create()).id)));

  return (
    <Flex flexDirection="column" height="100%">
      <Flex alignItems="center" justifyContent="space-between" mb={4}>
        <H1>Assist</H1>
        <Button onClick={startNew} loading={creating.busy}>
          New Conversation
        </Button>
      </Flex>
      {creating.error ? <Alert>{creating.error}</Alert> : null}
      {conversations.titleError ? (
        <Alert onDismiss={conversations.dismissTitleError}>{conversations.titleError}</Alert>
      ) : null}
      <Flex flex="1" minHeight={0} gap={5}>
        <Box width="sideNavWidth" flex="none" overflow="auto">
          <ConversationList
            conversations={conversations.conversations}
            error={conversations.error}
            activeId={conversationId}
            onRename={conversations.rename}
            onDelete={async (c) => {
              await conversations.remove(c);
              if (c.id === conversationId) navigate(compilePath(webRoutes.assist, {}));
            }}
          />
        </Box>
        <Flex flex="1" flexDirection="column" minWidth={0}>
          {conversationId ? (
            <AssistThread
              // Another conversation is another connection, with a thread of its own.
              key={conversationId}
              clusterId={proxyCluster}
              conversationId={conversationId}
              sockets={sockets}
              askSecondFactor={ask}
              onFirstMessage={(text) => void conversations.titleFrom(conversationId, text)}
            />
          ) : (
            <EmptyState
              title="Ask the assistant"
              description="Start a new conversation, or open one. The assistant answers questions about your servers and proposes commands; a command runs only after you confirm it, under your own roles."
            />
          )}
        </Flex>
      </Flex>
      {dialog}
    </Flex>
  );
}
