import { Box, Button } from '@portcullis/design';
import type { AuthProvider } from '@portcullis/shared';
import { browserLocation } from '../../browserLocation';

/** One button per single sign-on connector; its URL leads to the server's callback routes (spec §2). */
export function SsoProviders({ providers }: { providers: AuthProvider[] }) {
  const usable = providers.filter((p) => p.url);
  if (usable.length === 0) return null;
  return (
    <Box>
      {usable.map((p) => (
        <Button
          key={p.name}
          kind="border"
          size="large"
          block
          mb={2}
          onClick={() => browserLocation.assign(p.url!)}
        >
          Sign in with {p.displayName || p.name}
        </Button>
      ))}
    </Box>
  );
}
