import { formatDuration, intervalToDuration } from 'date-fns';

/** A duration in milliseconds as words, e.g. '1 hour 2 minutes 3 seconds'; under a second is '0 seconds'. */
export function durationText(ms: number): string {
  const text = formatDuration(intervalToDuration({ start: 0, end: Math.max(0, ms) }));
  return text || '0 seconds';
}
