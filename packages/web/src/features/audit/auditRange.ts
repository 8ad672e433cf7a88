/** The audit log's time ranges: three presets counted back from now, or a custom from/to. */
export type RangePreset = 'today' | 'week' | 'month' | 'custom';

export interface AuditRange {
  preset: RangePreset;
  from: Date;
  to: Date;
}

export const rangePresetLabels: Record<RangePreset, string> = {
  today: 'Today',
  week: 'Past 7 Days',
  month: 'Past 30 Days',
  custom: 'Custom Range…',
};

const dayMs = 24 * 60 * 60 * 1000;

/** A preset's range ending now; today starts at local midnight. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: Date = new Date()): AuditRange {
  if (preset === 'today') {
    const midnight = new Date(now);
    midnight.setHours(0, 0, 0, 0);
    return { preset, from: midnight, to: now };
  }
  return { preset, from: new Date(now.getTime() - (preset === 'week' ? 7 : 30) * dayMs), to: now };
}

/** A custom range over whole local days, `from` and `to` as yyyy-mm-dd; none while a day is unset or reversed. */
export function customRange(from: string, to: string): AuditRange | null {
  const start = new Date(`${from}T00:00:00`);
  const end = new Date(`${to}T23:59:59.999`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end < start) return null;
  return { preset: 'custom', from: start, to: end };
}
