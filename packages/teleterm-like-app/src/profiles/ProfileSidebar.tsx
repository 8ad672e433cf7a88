import { Alert, Box, Button, ButtonIcon, Flex, H3, Icons, Label, Text } from '@portcullis/design';
import type { DaemonProfileJson } from '@portcullis/shared';

export interface ProfileSidebarProps {
  profiles: DaemonProfileJson[];
  activeProfile: string | undefined;
  error: string;
  onOpenResources: (profile: DaemonProfileJson) => void;
  /** Signs in to a new cluster, or to `profile` again. */
  onSignIn: (profile?: DaemonProfileJson) => void;
  onSignOut: (profile: DaemonProfileJson) => void;
}

function ProfileItem({
  profile,
  active,
  ...actions
}: { profile: DaemonProfileJson; active: boolean } & Omit<
  ProfileSidebarProps,
  'profiles' | 'activeProfile' | 'error'
>) {
  const { clusterName, user, loggedIn } = profile;
  return (
    <Box
      as="li"
      p={2}
      mb={2}
      borderRadius={2}
      // The active cluster is marked at its edge: a filled background would leave its name button without contrast.
      borderLeftWidth={3}
      borderLeftStyle="solid"
      borderColor={active ? 'brand' : 'transparent'}
      aria-current={active || undefined}
      aria-label={clusterName}
    >
      <Flex alignItems="center" gap={2}>
        <Button
          kind="text"
          size="small"
          onClick={() => actions.onOpenResources(profile)}
          title={`Resources of ${clusterName}`}
        >
          {clusterName}
        </Button>
        <Box flex="1" />
        <ButtonIcon
          icon={Icons.SignOut}
          size="small"
          aria-label={`Sign out of ${clusterName}`}
          onClick={() => actions.onSignOut(profile)}
        />
      </Flex>
      <Flex alignItems="center" gap={2} px={2}>
        <Text typography="body3" muted>
          {user}
        </Text>
        {loggedIn ? (
          <Label kind="success">Signed in</Label>
        ) : (
          <Button
            kind="border"
            size="small"
            onClick={() => actions.onSignIn(profile)}
            aria-label={`Sign in again to ${clusterName}`}
          >
            Sign in again
          </Button>
        )}
      </Flex>
    </Box>
  );
}

/** The clusters signed in to, which is active, and signing in and out. */
export function ProfileSidebar({ profiles, activeProfile, error, ...actions }: ProfileSidebarProps) {
  return (
    <Box
      as="nav"
      aria-label="Clusters"
      width="sideNavWidth"
      flex="none"
      p={3}
      bg="levels.surface"
      borderRightWidth={1}
      borderRightStyle="solid"
      borderColor="border"
      overflowY="auto"
    >
      <H3 mb={2}>Clusters</H3>
      {error ? <Alert>{error}</Alert> : null}
      <Box as="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {profiles.map((profile) => (
          <ProfileItem
            key={profile.id}
            profile={profile}
            active={profile.id === activeProfile}
            {...actions}
          />
        ))}
      </Box>
      <Button kind="border" size="small" block onClick={() => actions.onSignIn()}>
        Add cluster
      </Button>
    </Box>
  );
}
