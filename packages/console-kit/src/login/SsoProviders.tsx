import { Box, Button } from '@portcullis/design';
import type { AuthProvider } from '@portcullis/shared';

export interface SsoProvidersProps {
  providers: AuthProvider[];
  /** Follows a connector's URL, which leads to the server's own callback routes (/v1/webapi/oidc, saml or github). */
  onSelect: (url: string) => void;
}

/** One button per single sign-on connector that has a URL. */
export function SsoProviders({ providers, onSelect }: SsoProvidersProps) {
  const usable = providers.filter((p) => p.url);
  if (usable.length === 0) return null;
  return (
    <Box>
      {usable.map((p) => (
        <Button key={p.name} kind="border" size="large" block mb={2} onClick={() => onSelect(p.url!)}>
          Sign in with {p.displayName || p.name}
        </Button>
      ))}
    </Box>
  );
}
