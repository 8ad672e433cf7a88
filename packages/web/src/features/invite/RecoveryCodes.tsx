import { Button, CodeBlock, H2, Text } from '@portcullis/design';

/** The recovery codes the gateway issued, shown this once: the user keeps them before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <>
      <H2 mb={2}>Save your recovery codes</H2>
      <Text mb={3}>
        Each code recovers your account once if you lose your password or your second factor. Keep them
        somewhere safe: they are not shown again.
      </Text>
      <CodeBlock code={codes.join('\n')} copyLabel="Copy recovery codes" />
      <Button size="large" mt={4} onClick={onDone}>
        I have saved them
      </Button>
    </>
  );
}
