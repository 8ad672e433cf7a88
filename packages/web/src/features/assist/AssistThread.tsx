import type { AskSecondFactor } from '@portcullis/console-kit';
import { Alert, Box, Button, Flex, Indicator, Text, TextArea } from '@portcullis/design';
import type { AssistMessageJson } from '@portcullis/shared';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { AssistSockets } from './assistSockets';
import { NodeOutput, ProposalCard } from './ProposalCard';
import { resultsByProposal } from './threadState';
import { useAssistThread } from './useAssistThread';

/** The gateway's limit on one message. */
const maxMessageChars = 4000;

function Said({ who, text, busy }: { who: 'You' | 'Assistant'; text: string; busy?: boolean }) {
  return (
    <Box
      as="article"
      aria-label={who}
      aria-busy={busy || undefined}
      alignSelf={who === 'You' ? 'flex-end' : 'flex-start'}
      maxWidth="80%"
      px={3}
      py={2}
      borderRadius={3}
      bg={who === 'You' ? 'levels.surface' : 'levels.elevated'}
      boxShadow="low"
    >
      <Text muted typography="body3">
        {who}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Text>
    </Box>
  );
}

export interface AssistThreadProps {
  clusterId: string;
  conversationId: string;
  sockets: AssistSockets;
  askSecondFactor?: AskSecondFactor;
  /** The first message of a conversation was sent: time to give it a title. */
  onFirstMessage?: (text: string) => void;
}

/**
 * A conversation with the assistant: what was said, the answer as it streams, proposals with their outputs, errors
 * as alerts, and the box to write in (Enter sends, Shift+Enter starts a new line). The page and the popup both show it.
 */
export function AssistThread({
  clusterId,
  conversationId,
  sockets,
  askSecondFactor,
  onFirstMessage,
}: AssistThreadProps) {
  const { thread, runs, problem, say, run } = useAssistThread({
    clusterId,
    conversationId,
    sockets,
    askSecondFactor,
  });
  const [draft, setDraft] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const results = resultsByProposal(thread.messages);
  const proposalIds = new Set(thread.messages.flatMap((m) => (m.kind === 'proposal' ? [m.proposal.id] : [])));
  const canSend = thread.ready && !thread.closed && !thread.answering && draft.trim() !== '';

  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [thread, runs]);

  const send = () => {
    if (!canSend) return;
    const first = thread.messages.length === 0;
    if (!say(draft.trim())) return;
    if (first) onFirstMessage?.(draft.trim());
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };

  const show = (m: AssistMessageJson) => {
    switch (m.kind) {
      case 'user':
        return <Said key={m.id} who="You" text={m.text} />;
      case 'assistant':
        return <Said key={m.id} who="Assistant" text={m.text} />;
      case 'error':
        return (
          <Alert key={m.id} mb={0}>
            {m.text}
          </Alert>
        );
      case 'proposal':
        return (
          <ProposalCard
            key={m.id}
            proposal={m.proposal}
            outcome={runs.get(m.proposal.id) ?? results.get(m.proposal.id)}
            canRun={thread.ready && !thread.closed}
            onRun={() => void run(m.proposal)}
          />
        );
      case 'results':
        // Shown on their proposal's card; alone only when the proposal is no longer in the history sent.
        return proposalIds.has(m.proposalId) ? null : (
          <Box key={m.id} as="article" aria-label="Command outputs">
            {m.results.map((r) => (
              <NodeOutput key={r.nodeId} run={r} />
            ))}
          </Box>
        );
    }
  };

  return (
    <Flex flexDirection="column" flex="1" minHeight={0}>
      <Flex ref={scroller} flexDirection="column" gap={3} flex="1" minHeight={0} overflow="auto" p={1}>
        {!thread.ready && !thread.closed ? <Indicator /> : null}
        {thread.ready && thread.messages.length === 0 ? (
          <Text muted>
            Ask about your servers, or ask for a command to run on them. Nothing runs until you confirm it.
          </Text>
        ) : null}
        {thread.messages.map(show)}
        {thread.streaming ? <Said who="Assistant" text={thread.streaming} busy /> : null}
        {thread.answering && !thread.streaming ? (
          <Text muted role="status">
            The assistant is thinking…
          </Text>
        ) : null}
        {problem ? <Alert mb={0}>{problem}</Alert> : null}
        {thread.closed ? <Alert mb={0}>{thread.closed}</Alert> : null}
      </Flex>
      <Flex
        as="form"
        gap={2}
        mt={3}
        alignItems="flex-end"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          send();
        }}
      >
        <TextArea
          aria-label="Message"
          placeholder="Message the assistant (Shift+Enter for a new line)"
          value={draft}
          maxLength={maxMessageChars}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={Boolean(thread.closed)}
        />
        <Button type="submit" disabled={!canSend}>
          Send
        </Button>
      </Flex>
    </Flex>
  );
}
