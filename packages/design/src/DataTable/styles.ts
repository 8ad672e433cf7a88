import styled from 'styled-components';
import { focusRing } from '../system';

export const Frame = styled.div`
  width: 100%;
  background: ${({ theme }) => theme.colors.levels.surface};
  color: ${({ theme }) => theme.colors.text.main};
  border-radius: ${({ theme }) => theme.radius.large}px;
  border: ${({ theme }) => theme.borderWidths[1]}px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

export const Toolbar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[3]}px;
  border-bottom: ${({ theme }) => theme.borderWidths[1]}px solid ${({ theme }) => theme.colors.border};
`;

export const Scroll = styled.div<{ $height?: number }>`
  overflow: auto;
  ${({ $height }) => ($height === undefined ? '' : `height: ${$height}px;`)}
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.typography.body2.fontSize}px;
  & th,
  & td {
    height: ${({ theme }) => theme.sizes.tableRowHeight}px;
    /* Half the gap between columns, the full gap at the table's edges: seven columns fit a 1,000-pixel window. */
    padding: 0 ${({ theme }) => theme.space[2]}px;
    text-align: left;
    border-bottom: ${({ theme }) => theme.borderWidths[1]}px solid ${({ theme }) => theme.colors.border};
  }
  & th:first-child,
  & td:first-child {
    padding-left: ${({ theme }) => theme.space[3]}px;
  }
  & th:last-child,
  & td:last-child {
    padding-right: ${({ theme }) => theme.space[3]}px;
  }
  & th {
    position: sticky;
    top: 0;
    z-index: ${({ theme }) => theme.zIndices.sticky};
    background: ${({ theme }) => theme.colors.levels.elevated};
    color: ${({ theme }) => theme.colors.text.slightlyMuted};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    white-space: nowrap;
  }
  & tbody tr:hover td {
    background: ${({ theme }) => theme.colors.hover};
  }
  & td.nowrap {
    white-space: nowrap;
  }
  & td.actions {
    white-space: nowrap;
    width: ${({ theme }) => theme.space[9]}px;
    text-align: right;
  }
`;

export const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]}px;
  padding: 0;
  border: none;
  background: none;
  color: inherit;
  font: inherit;
  cursor: pointer;
  ${focusRing}
`;

export const Message = styled.td`
  && {
    height: auto;
    padding: ${({ theme }) => theme.space[3]}px;
    text-align: center;
    color: ${({ theme }) => theme.colors.text.muted};
  }
`;

export const Footer = styled.div`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]}px;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  color: ${({ theme }) => theme.colors.text.muted};
`;

export const SearchBox = styled.div`
  position: relative;
  width: ${({ theme }) => theme.sizes.dialogWidth / 2 + theme.space[9]}px;
  max-width: 100%;
  & > svg {
    position: absolute;
    top: 50%;
    left: ${({ theme }) => theme.space[2]}px;
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.text.muted};
  }
  & > input {
    padding-left: ${({ theme }) => theme.space[6] + theme.space[2]}px;
  }
`;
