import { Alert, Box, ButtonIcon, Flex, Icons, Input, Link, Text } from '@portcullis/design';
import { compilePath, webRoutes, type AssistConversationJson } from '@portcullis/shared';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ConfirmDeleteDialog } from '../../dialogs/ConfirmDeleteDialog';
import { useAttempt } from '../../useAttempt';

function RenameForm({
  conversation,
  onRename,
  onDone,
}: {
  conversation: AssistConversationJson;
  onRename: (title: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const [title, setTitle] = useState(conversation.title);
  const { busy, error, run } = useAttempt();
  return (
    <Box
      as="form"
      flex="1"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void run(async () => {
          await onRename(title.trim());
          onDone();
        });
      }}
    >
      <Input
        aria-label="Title"
        size="small"
        autoFocus
        value={title}
        maxLength={100}
        disabled={busy}
        hasError={Boolean(error)}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
      />
      {error ? (
        <Text color="danger.main" typography="body3" mt={1}>
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

/**
 * The person's conversations: each opens on the page; its title can be edited in place (Enter saves, Escape
 * cancels), and it can be deleted after a confirmation.
 */
export function ConversationList({
  conversations,
  error,
  activeId,
  onRename,
  onDelete,
}: {
  conversations: AssistConversationJson[];
  error: string;
  activeId?: string;
  onRename: (conversation: AssistConversationJson, title: string) => Promise<unknown>;
  onDelete: (conversation: AssistConversationJson) => Promise<unknown>;
}) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AssistConversationJson | null>(null);
  return (
    <Box as="nav" aria-label="Conversations">
      {error ? <Alert>{error}</Alert> : null}
      {!error && conversations.length === 0 ? <Text muted>No conversations yet</Text> : null}
      <Box as="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {conversations.map((c) => (
          <Flex as="li" key={c.id} alignItems="center" gap={1} py={1}>
            {renaming === c.id ? (
              <RenameForm
                conversation={c}
                onRename={(title) => onRename(c, title)}
                onDone={() => setRenaming(null)}
              />
            ) : (
              <>
                <Link
                  as={RouterLink}
                  to={compilePath(webRoutes.assist, { conversationId: c.id })}
                  aria-current={c.id === activeId ? 'page' : undefined}
                  fontWeight={c.id === activeId ? 'bold' : 'regular'}
                  flex="1"
                  minWidth={0}
                  overflow="hidden"
                  style={{ textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  {c.title}
                </Link>
                <ButtonIcon
                  icon={Icons.Edit}
                  size="small"
                  aria-label={`Rename ${c.title}`}
                  onClick={() => setRenaming(c.id)}
                />
                <ButtonIcon
                  icon={Icons.Trash}
                  size="small"
                  aria-label={`Delete ${c.title}`}
                  onClick={() => setDeleting(c)}
                />
              </>
            )}
          </Flex>
        ))}
      </Box>
      {deleting ? (
        <ConfirmDeleteDialog
          title="Delete Conversation"
          confirmText="Delete Conversation"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await onDelete(deleting);
            setDeleting(null);
          }}
        >
          Deleting <strong>{deleting.title}</strong> removes its messages for good.
        </ConfirmDeleteDialog>
      ) : null}
    </Box>
  );
}
