import type { ReactNode } from 'react';
import styled from 'styled-components';

export type Fact = { term: string; value: ReactNode };

export type FactsProps = {
  facts: Fact[];
  /** The list's accessible name, e.g. "Session". */
  label: string;
};

const List = styled.dl`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[4]}px;
  min-width: 0;
  margin: 0;
  font-size: ${({ theme }) => theme.typography.body3.fontSize}px;
  line-height: ${({ theme }) => theme.typography.body3.lineHeight};
  & > div {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[1]}px;
    min-width: 0;
  }
  & dt {
    color: ${({ theme }) => theme.colors.text.muted};
  }
  & dd {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[1]}px;
    min-width: 0;
    margin: 0;
    color: ${({ theme }) => theme.colors.text.main};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
`;

/** A few named facts in a row, e.g. a terminal's session id and parties in its page header. */
export function Facts({ facts, label }: FactsProps) {
  return (
    <List aria-label={label}>
      {facts.map(({ term, value }) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </List>
  );
}
