import { format } from 'date-fns';
import { DATE_FORMAT, DATE_TIME_FORMAT, SHORT_DATE_FORMAT } from '../constants';
import { platform } from '../runtime';

export type DateInput = Date | string | number;

function formatDate(value: DateInput, pattern: string): string {
  try {
    return format(typeof value === 'string' ? new Date(value) : value, pattern);
  } catch (err) {
    // A bad date must not break the page that shows it.
    platform.console.error(err);
    return 'undefined';
  }
}

/** 2026-01-31 14:05:09 */
export const displayDateTime = (value: DateInput): string => formatDate(value, DATE_TIME_FORMAT);
/** 2026-01-31 */
export const displayDate = (value: DateInput): string => formatDate(value, DATE_FORMAT);
/** Jan 31, 2026 */
export const displayShortDate = (value: DateInput): string => formatDate(value, SHORT_DATE_FORMAT);
