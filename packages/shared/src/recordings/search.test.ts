import { recordingSearchMaxChars, recordingSearchMinChars, recordingSearchPageSize } from './search';
import { recordingShareDefaultTtl, recordingShareMaxTtlMs } from './shares';
import { recordingCommentMaxChars, recordingReviewStatusText, recordingReviewStatuses } from './review';

test('recording search takes 3 to 200 characters and answers 50 hits a page', () => {
  expect([recordingSearchMinChars, recordingSearchMaxChars, recordingSearchPageSize]).toEqual([3, 200, 50]);
});

test('share links live 24 hours unless told otherwise, and at most 30 days', () => {
  expect(recordingShareDefaultTtl).toBe('24h');
  expect(recordingShareMaxTtlMs).toBe(30 * 86_400_000);
});

test('a review is to review, reviewed or flagged, and a comment holds up to 2000 characters', () => {
  expect(recordingReviewStatuses.map((s) => recordingReviewStatusText[s])).toEqual(['To review', 'Reviewed', 'Flagged']);
  expect(recordingCommentMaxChars).toBe(2000);
});
