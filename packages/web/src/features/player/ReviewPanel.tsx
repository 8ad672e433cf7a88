import { formatPlayhead } from '@portcullis/console-kit';
import { Alert, Box, Button, Field, FieldInput, FieldTextArea, Flex, H3, Select, Text } from '@portcullis/design';
import {
  displayDateTime,
  recordingCommentMaxChars,
  recordingReviewStatuses,
  recordingReviewStatusText,
  type RecordingReviewJson,
  type RecordingReviewStatus,
  type UpdateRecordingReviewRequest,
} from '@portcullis/shared';
import { type FormEvent, useState } from 'react';

export interface ReviewPanelProps {
  review: RecordingReviewJson;
  /** Whether the user may change the status and the reviewer (recordedSessions.edit); anyone reading may comment. */
  canEdit: boolean;
  /** The users to pick a reviewer from, when the user may list them; otherwise a name is typed. */
  users?: string[];
  /** The playhead, where a new comment is pinned. */
  position: number;
  busy: boolean;
  error: string;
  onUpdate(change: UpdateRecordingReviewRequest): void;
  /** Resolves whether the comment was saved (the text is kept to try again if not). */
  onComment(t: number, text: string): Promise<boolean>;
  onSeek(ms: number): void;
}

const statusOptions = recordingReviewStatuses.map((s) => ({ value: s, label: recordingReviewStatusText[s] }));
const nobody = { value: '', label: 'Nobody' };

/** Where a recording's review stands, who reviews it, and comments pinned to moments of it. */
export function ReviewPanel({ review, canEdit, users, position, busy, error, onUpdate, onComment, onSeek }: ReviewPanelProps) {
  return (
    <Flex as="section" aria-label="Review" flexDirection="column" gap={3}>
      <H3>Review</H3>
      {error ? <Alert>{error}</Alert> : null}
      {canEdit ? (
        <>
          <Field label="Status" mb={0}>
            {({ id }) => (
              <Select
                id={id}
                value={review.status}
                disabled={busy}
                onChange={(status) => onUpdate({ status: status as RecordingReviewStatus })}
                options={statusOptions}
              />
            )}
          </Field>
          <ReviewerField reviewer={review.reviewer} users={users} busy={busy} onUpdate={onUpdate} />
        </>
      ) : (
        <Text typography="body2">
          {recordingReviewStatusText[review.status]}, {review.reviewer ? `reviewed by ${review.reviewer}` : 'nobody assigned'}
        </Text>
      )}
      {review.updatedBy && review.updated ? (
        <Text typography="body3" muted>
          Changed by {review.updatedBy} on {displayDateTime(review.updated)}
        </Text>
      ) : null}
      <Comments review={review} onSeek={onSeek} />
      <CommentForm position={position} busy={busy} onComment={onComment} />
    </Flex>
  );
}

function ReviewerField({ reviewer, users, busy, onUpdate }: Pick<ReviewPanelProps, 'users' | 'busy' | 'onUpdate'> & { reviewer?: string }) {
  const [name, setName] = useState(reviewer ?? '');
  if (users) {
    return (
      <Field label="Reviewer" mb={0}>
        {({ id }) => (
          <Select
            id={id}
            value={reviewer ?? ''}
            disabled={busy}
            isSearchable
            onChange={(value) => onUpdate({ reviewer: value || null })}
            options={[nobody, ...users.map((u) => ({ value: u, label: u }))]}
          />
        )}
      </Field>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onUpdate({ reviewer: name.trim() || null });
  };
  return (
    <form onSubmit={submit}>
      <Flex alignItems="flex-end" gap={2}>
        <FieldInput label="Reviewer" value={name} onChange={setName} placeholder="user name" fieldProps={{ flex: '1', mb: 0 }} />
        <Button type="submit" kind="border" disabled={busy || name.trim() === (reviewer ?? '')}>
          Assign
        </Button>
      </Flex>
    </form>
  );
}

function Comments({ review, onSeek }: Pick<ReviewPanelProps, 'review' | 'onSeek'>) {
  if (review.comments.length === 0) return <Text typography="body2" muted>No comments yet.</Text>;
  return (
    <Box as="ol" aria-label="Comments" m={0} p={0} style={{ listStyle: 'none' }}>
      {review.comments.map((c) => (
        <Box as="li" key={c.id} mb={2}>
          <Flex alignItems="center" gap={2}>
            <Button kind="text" size="small" aria-label={`Go to ${formatPlayhead(c.t)}`} onClick={() => onSeek(c.t)}>
              {formatPlayhead(c.t)}
            </Button>
            <Text typography="body3" muted>
              {c.author}, {displayDateTime(c.created)}
            </Text>
          </Flex>
          <Text typography="body2" style={{ whiteSpace: 'pre-wrap' }}>
            {c.text}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

function CommentForm({ position, busy, onComment }: Pick<ReviewPanelProps, 'position' | 'busy' | 'onComment'>) {
  const [text, setText] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await onComment(position, text.trim())) setText('');
  };
  return (
    <form onSubmit={(e) => void submit(e)}>
      <FieldTextArea
        label={`Comment at ${formatPlayhead(position)}`}
        value={text}
        onChange={setText}
        maxLength={recordingCommentMaxChars}
        rows={3}
        fieldProps={{ mb: 2 }}
      />
      <Button type="submit" disabled={busy || text.trim() === ''}>
        Add comment
      </Button>
    </form>
  );
}
