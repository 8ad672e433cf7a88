import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { AlertKind } from '../Alert';
import { notSystemProp, systemProps, type SystemProps } from '../system';

export type LabelKind = 'neutral' | 'brand' | AlertKind;

export type LabelProps = SystemProps & { kind?: LabelKind; children: ReactNode; title?: string };

const Pill = styled.span.withConfig({ shouldForwardProp: notSystemProp })<SystemProps & { $kind: LabelKind }>`
  display: inline-flex;
  align-items: center;
  max-width: 100%;
  padding: 0 ${({ theme }) => theme.space[2]}px;
  border-radius: ${({ theme }) => theme.radius.pill}px;
  font-size: ${({ theme }) => theme.typography.body3.fontSize}px;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  line-height: ${({ theme }) => theme.space[4] + theme.space[1]}px;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  ${({ theme, $kind }) => {
    // The one place label kinds become colours.
    if ($kind === 'neutral')
      return {
        background: theme.colors.hover,
        color: theme.colors.text.slightlyMuted,
        // A table row under the pointer is filled with this same hover colour; the pill then takes the
        // surface colour instead, so it does not dissolve into its row.
        'tr:hover &': { background: theme.colors.levels.surface },
      };
    if ($kind === 'brand') return { background: theme.colors.brandSurface, color: theme.colors.text.main };
    return { background: theme.colors[$kind].surface, color: theme.colors[$kind].text };
  }}
  ${systemProps}
`;

/** A small pill: a status, a role, or one resource label. */
export function Label({ kind = 'neutral', children, ...rest }: LabelProps) {
  return (
    <Pill $kind={kind} {...rest}>
      {children}
    </Pill>
  );
}

export type ResourceLabel = { name: string; value: string };

const Row = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]}px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** A resource's labels as `name: value` pills. */
export function ResourceLabels({ labels }: { labels: ResourceLabel[] }) {
  return (
    <Row aria-label="Labels">
      {labels.map((l) => (
        <li key={`${l.name}:${l.value}`}>
          <Label title={`${l.name}: ${l.value}`}>{`${l.name}: ${l.value}`}</Label>
        </li>
      ))}
    </Row>
  );
}
