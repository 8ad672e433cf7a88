import type { AskSecondFactor } from '@portcullis/console-kit';
import type { AssistClientMessage, AssistProposalJson, AssistServerMessage } from '@portcullis/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type AssistSockets, type AssistSocket, socketOpen } from './assistSockets';
import { type NodeRun, runProposal } from './runProposal';
import { emptyThread, receive, resultsByProposal, type ThreadState } from './threadState';

export interface AssistThreadOptions {
  clusterId: string;
  conversationId: string;
  sockets: AssistSockets;
  askSecondFactor?: AskSecondFactor;
}

/**
 * One conversation over the assistant's websocket: its messages as they arrive, sending the person's messages,
 * and running a proposal when (and only when) `run` is called for it, at most once, then reporting its results.
 */
export function useAssistThread({
  clusterId,
  conversationId,
  sockets,
  askSecondFactor,
}: AssistThreadOptions) {
  const [thread, setThread] = useState<ThreadState>(emptyThread);
  const [runs, setRuns] = useState<ReadonlyMap<string, NodeRun[]>>(new Map());
  const [problem, setProblem] = useState('');
  const socket = useRef<AssistSocket | null>(null);
  // Proposals started here: a ref, so a second click before the next render cannot start one twice.
  const started = useRef(new Set<string>());
  const leaving = useRef(new AbortController());

  useEffect(() => {
    const opened = sockets.assistant(clusterId, conversationId);
    socket.current = opened;
    const left = new AbortController();
    leaving.current = left;
    opened.addEventListener('message', ({ data }) => {
      let message: AssistServerMessage;
      try {
        message = JSON.parse(String(data)) as AssistServerMessage;
      } catch {
        setProblem('The assistant sent a message the console cannot read.');
        return;
      }
      setThread((t) => receive(t, message));
    });
    opened.addEventListener('close', ({ reason }) => {
      if (left.signal.aborted) return;
      setThread((t) => ({
        ...t,
        answering: false,
        streaming: '',
        closed: reason || 'The connection to the assistant closed.',
      }));
    });
    return () => {
      left.abort();
      opened.close(1000);
    };
  }, [clusterId, conversationId, sockets]);

  const send = useCallback((message: AssistClientMessage) => {
    if (socket.current?.readyState !== socketOpen) return false;
    socket.current.send(JSON.stringify(message));
    setThread((t) => ({ ...t, answering: true }));
    return true;
  }, []);

  const say = useCallback((text: string) => send({ type: 'user_message', text }), [send]);

  const run = useCallback(
    async (proposal: AssistProposalJson) => {
      if (started.current.has(proposal.id) || resultsByProposal(thread.messages).has(proposal.id)) return;
      started.current.add(proposal.id);
      const signal = leaving.current.signal;
      const results = await runProposal(proposal, {
        open: (params) => sockets.command(clusterId, params),
        onProgress: (progress) => {
          if (!signal.aborted) setRuns((all) => new Map(all).set(proposal.id, progress));
        },
        askSecondFactor,
        signal,
      });
      if (signal.aborted) return;
      if (!send({ type: 'command_results', proposalId: proposal.id, results }))
        setProblem('The outputs could not be sent to the assistant: its connection has closed.');
    },
    [askSecondFactor, clusterId, send, sockets, thread.messages],
  );

  return { thread, runs, problem, say, run };
}
