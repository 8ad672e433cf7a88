import { Alert, Box, Button, Card, CodeBlock, Flex, H3, Label, Text } from '@portcullis/design';
import type { AssistNodeResultJson, AssistProposalJson } from '@portcullis/shared';
import type { NodeRun } from './runProposal';

const nodeCount = (n: number) => `${n} ${n === 1 ? 'node' : 'nodes'}`;

function exitStatus(run: AssistNodeResultJson | NodeRun) {
  if ('done' in run && !run.done) return 'Running…';
  return run.exitCode === null ? 'Did not run' : `Exit code ${run.exitCode}`;
}

/** One node's output as it streams, then with its exit code. */
export function NodeOutput({ run }: { run: AssistNodeResultJson | NodeRun }) {
  const failed = run.exitCode !== 0 && !('done' in run && !run.done);
  return (
    <Box as="section" aria-label={`Output of ${run.hostname}`} mt={3}>
      <Flex alignItems="center" gap={2} mb={1}>
        <Text fontWeight="bold">{run.hostname}</Text>
        <Label kind={failed ? 'danger' : 'neutral'}>{exitStatus(run)}</Label>
      </Flex>
      <Box maxHeight="40vh" overflow="auto">
        <CodeBlock code={run.output} copyLabel={`Copy the output of ${run.hostname}`} />
      </Box>
    </Box>
  );
}

/**
 * A command the assistant proposes: what, as whom, where, and where not (with why). Nothing runs until the person
 * clicks its button; after that the button is gone for good and each node's output shows as it streams.
 */
export function ProposalCard({
  proposal,
  outcome,
  canRun,
  onRun,
}: {
  proposal: AssistProposalJson;
  /** The runs started here, or the results the conversation already holds; none before the click. */
  outcome?: (AssistNodeResultJson | NodeRun)[];
  /** False while the conversation cannot take the results (not connected). */
  canRun: boolean;
  onRun: () => void;
}) {
  return (
    <Card as="article" aria-label="Proposed command" width="100%" p={4}>
      <H3 mb={2}>Proposed command</H3>
      <CodeBlock code={proposal.command} copyLabel="Copy the command" />
      <Text mt={2}>
        As <strong>{proposal.login}</strong> on{' '}
        {proposal.nodes.length ? nodeCount(proposal.nodes.length) : 'no node'}:
      </Text>
      <Flex flexWrap="wrap" gap={1} mt={1}>
        {proposal.nodes.map((n) => (
          <Label key={n.id}>{n.hostname}</Label>
        ))}
      </Flex>
      {proposal.refused.length ? (
        <Alert
          kind="warning"
          mt={3}
          mb={0}
          details={
            <Box as="ul" m={0} pl={4}>
              {proposal.refused.map((r) => (
                <li key={r.hostname}>
                  <strong>{r.hostname}</strong>: {r.reason}
                </li>
              ))}
            </Box>
          }
        >
          Not run on {nodeCount(proposal.refused.length)}
        </Alert>
      ) : null}
      {outcome ? (
        outcome.map((run) => <NodeOutput key={run.nodeId} run={run} />)
      ) : proposal.nodes.length ? (
        <Button mt={3} onClick={onRun} disabled={!canRun}>
          Run on {nodeCount(proposal.nodes.length)}
        </Button>
      ) : null}
    </Card>
  );
}
