import { Box, ButtonIcon, Icons, Popover, Text } from '@portcullis/design';
import { shortcutHelp } from './shortcuts';

/** The keyboard shortcuts, behind a help button in the top bar. */
export function ShortcutHelp() {
  return (
    <Popover
      label="Keyboard shortcuts"
      placement="bottom-end"
      content={
        <Box p={3}>
          {shortcutHelp.map(({ keys, does }) => (
            <Box key={keys} display="grid" gridTemplateColumns="8em 1fr" gridColumnGap={3} mb={1}>
              <Text mono typography="body3">
                {keys}
              </Text>
              <Text typography="body3">{does}</Text>
            </Box>
          ))}
        </Box>
      }
    >
      {(trigger) => <ButtonIcon {...trigger} icon={Icons.Question} aria-label="Keyboard shortcuts" />}
    </Popover>
  );
}
