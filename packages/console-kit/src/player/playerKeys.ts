import { speeds, type PlayerEngine } from './PlayerEngine';

/** How far the arrow keys move the playhead. */
export const seekStepMs = 5_000;

/**
 * The player's keyboard shortcuts: Space or K play/pause, ←/→ back/forward 5 s, Home/End start/end,
 * − and + (or < and >) slower and faster, 0-9 jump to that tenth of the recording.
 * Returns whether the key was one of them.
 */
export function handlePlayerKey(key: string, player: Pick<PlayerEngine, 'current' | 'toggle' | 'seek' | 'setSpeed'>): boolean {
  const { position, duration, speed } = player.current;
  const speedIndex = speeds.indexOf(speed as (typeof speeds)[number]);
  switch (key) {
    case ' ':
    case 'k':
      player.toggle();
      return true;
    case 'ArrowLeft':
      void player.seek(position - seekStepMs);
      return true;
    case 'ArrowRight':
      void player.seek(position + seekStepMs);
      return true;
    case 'Home':
      void player.seek(0);
      return true;
    case 'End':
      void player.seek(duration);
      return true;
    case '-':
    case '<':
      player.setSpeed(speeds[Math.max(0, speedIndex - 1)]!);
      return true;
    case '+':
    case '=':
    case '>':
      player.setSpeed(speeds[Math.min(speeds.length - 1, speedIndex + 1)]!);
      return true;
    default:
      if (/^[0-9]$/.test(key)) {
        void player.seek((duration * Number(key)) / 10);
        return true;
      }
      return false;
  }
}
