import { Box, Button, Flex, Select, Slider, Text } from '@portcullis/design';
import { speeds, type PlayerState } from './PlayerEngine';
import { formatPlayhead } from './playhead';

export interface PlayerControlsProps {
  state: PlayerState;
  onToggle(): void;
  onSeek(ms: number): void;
  onSpeed(speed: number): void;
}

/** Play/pause, the seek bar with the time, and the speed. */
export function PlayerControls({ state, onToggle, onSeek, onSpeed }: PlayerControlsProps) {
  const playing = state.status === 'playing';
  return (
    <Flex alignItems="center" p={2} bg="levels.surface" style={{ gap: 16 }}>
      <Button kind="border" size="small" onClick={onToggle} aria-label={playing ? 'Pause' : 'Play'}>
        {playing ? 'Pause' : 'Play'}
      </Button>
      <Text typography="body2" data-testid="player-time" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatPlayhead(state.position)} / {formatPlayhead(state.duration)}
      </Text>
      <Box flex="1">
        <Slider
          aria-label="Seek"
          min={0}
          max={state.duration}
          step={100}
          value={Math.round(state.position)}
          valueText={`${formatPlayhead(state.position)} of ${formatPlayhead(state.duration)}`}
          onChange={onSeek}
        />
      </Box>
      <Box width={110}>
        <Select
          aria-label="Speed"
          size="small"
          value={String(state.speed)}
          onChange={(v) => onSpeed(Number(v))}
          options={speeds.map((s) => ({ value: String(s), label: `${s}×` }))}
        />
      </Box>
    </Flex>
  );
}
