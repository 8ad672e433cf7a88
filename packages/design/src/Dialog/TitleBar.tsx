import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ButtonIcon } from '../ButtonIcon';
import { Icons } from '../Icon';

const Bar = styled.div<{ $divided?: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  padding: ${({ theme, $divided }) =>
    $divided
      ? `${theme.space[3]}px ${theme.space[4]}px`
      : `${theme.space[4]}px ${theme.space[4]}px 0 ${theme.space[5]}px`};
  border-bottom: ${({ theme, $divided }) => ($divided ? `${theme.borderWidths[1]}px solid ${theme.colors.border}` : 'none')};
  & > h2 {
    flex: 1;
    margin: 0;
    font-size: ${({ theme }) => theme.typography.h3.fontSize}px;
    font-weight: ${({ theme }) => theme.typography.h3.fontWeight};
    line-height: ${({ theme }) => theme.typography.h3.lineHeight};
  }
`;

type TitleBarProps = {
  /** The heading's id, for the surrounding dialog's aria-labelledby. */
  id: string;
  title: ReactNode;
  closeLabel: string;
  onClose: () => void;
  /** A rule under the bar, for panels whose body scrolls beneath it. */
  divided?: boolean;
};

/** The heading row of Dialog and SlidePanel: the title and a close button. */
export function TitleBar({ id, title, closeLabel, onClose, divided }: TitleBarProps) {
  return (
    <Bar $divided={divided}>
      <h2 id={id}>{title}</h2>
      <ButtonIcon icon={Icons.Close} aria-label={closeLabel} size="small" onClick={onClose} />
    </Bar>
  );
}
