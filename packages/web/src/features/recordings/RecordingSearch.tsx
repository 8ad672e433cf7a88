import { Box, Button, FieldInput, Flex } from '@portcullis/design';
import { recordingSearchMaxChars, recordingSearchMinChars } from '@portcullis/shared';
import { type FormEvent, useCallback, useState } from 'react';
import { useKeysetPages } from '../../hooks/useKeysetPages';
import { RecordingSearchResults } from './RecordingSearchResults';
import { searchRecordings } from './recordingsApi';

/** A search box over what was typed and printed in every recording; a query is sent only once it is long enough. */
export function RecordingSearch({ clusterId }: { clusterId: string }) {
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const tooShort = draft.trim().length < recordingSearchMinChars;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!tooShort) setQuery(draft.trim());
  };
  return (
    <Box mb={4}>
      <form onSubmit={submit} role="search" aria-label="Recordings">
        <Flex alignItems="flex-start" gap={2}>
          <FieldInput
            label="Search recordings"
            value={draft}
            onChange={setDraft}
            maxLength={recordingSearchMaxChars}
            placeholder="e.g. systemctl restart"
            helperText={
              tooShort
                ? `Type at least ${recordingSearchMinChars} characters to search.`
                : 'Searches what was typed and printed in every recording.'
            }
            fieldProps={{ flex: '1', mb: 0 }}
          />
          <Box mt={5}>
            <Button type="submit" disabled={tooShort}>
              Search
            </Button>
          </Box>
        </Flex>
      </form>
      {query ? <SearchHits key={query} clusterId={clusterId} query={query} /> : null}
    </Box>
  );
}

function SearchHits({ clusterId, query }: { clusterId: string; query: string }) {
  const fetchPage = useCallback((startKey?: string) => searchRecordings(clusterId, query, startKey), [clusterId, query]);
  const { rows, status, error, hasMore, fetchMore } = useKeysetPages(fetchPage);
  return (
    <RecordingSearchResults
      clusterId={clusterId}
      query={query}
      hits={rows}
      loading={status === 'loading'}
      error={error}
      hasMore={hasMore}
      onMore={() => void fetchMore()}
    />
  );
}
