export { displayDate, displayDateTime, displayShortDate } from './dates';
export type { DateInput } from './dates';
export { durationText } from './duration';
export { auditQueryText, truncateText } from './text';
