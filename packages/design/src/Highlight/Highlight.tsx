import styled from 'styled-components';

export type HighlightProps = {
  /** The whole text shown. */
  text: string;
  /** What to mark in it, wherever it occurs, ignoring case; nothing is marked when empty. */
  match: string;
};

const Mark = styled.mark`
  background: ${({ theme }) => theme.colors.warning.surface};
  color: ${({ theme }) => theme.colors.warning.text};
  border-radius: ${({ theme }) => theme.radii[1]}px;
`;

/** Text with every occurrence of `match` marked, e.g. a search hit in the line it was found in. */
export function Highlight({ text, match }: HighlightProps) {
  if (!match) return <>{text}</>;
  const haystack = text.toLowerCase();
  const needle = match.toLowerCase();
  const parts = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(<Mark key={at}>{text.slice(at, at + needle.length)}</Mark>);
    from = at + needle.length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}
