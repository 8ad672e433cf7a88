import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReactNode, RefObject } from 'react';
import { useTheme } from 'styled-components';

type Props<T> = {
  rows: T[];
  scroller: RefObject<HTMLDivElement | null>;
  height: number;
  colSpan: number;
  renderRow: (row: T) => ReactNode;
};

/**
 * Renders only the rows in view (plus a few) of a very long list; spacer rows above and below keep
 * the scroll height right, so the table's native layout and semantics stay intact.
 */
export function VirtualRows<T>({ rows, scroller, height, colSpan, renderRow }: Props<T>) {
  const theme = useTheme();
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => theme.sizes.tableRowHeight,
    overscan: 8,
    initialRect: { width: 0, height },
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <>
      {before > 0 ? (
        <tr aria-hidden>
          <td colSpan={colSpan} style={{ height: before, padding: 0, border: 0 }} />
        </tr>
      ) : null}
      {items.map((item) => renderRow(rows[item.index]!))}
      {after > 0 ? (
        <tr aria-hidden>
          <td colSpan={colSpan} style={{ height: after, padding: 0, border: 0 }} />
        </tr>
      ) : null}
    </>
  );
}
