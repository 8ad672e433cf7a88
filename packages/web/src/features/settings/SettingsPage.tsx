import { Card, H1, H2, Text, Toggle, useTheme } from '@portcullis/design';

/** Console settings that belong to this browser: the theme, kept across sign-outs. */
export default function SettingsPage() {
  const { themeName, toggleTheme } = useTheme();
  return (
    <>
      <H1 mb={4}>Settings</H1>
      <Card>
        <H2 mb={2}>Appearance</H2>
        <Text muted mb={3}>
          Kept in this browser and followed by every open tab.
        </Text>
        <Toggle label="Dark theme" checked={themeName === 'dark'} onChange={toggleTheme} />
      </Card>
    </>
  );
}
