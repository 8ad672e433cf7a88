import { useRef, useState, type ReactNode } from 'react';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { Icon, Icons } from '../Icon';
import { Indicator } from '../Indicator';
import { Input } from '../Input';
import { VisuallyHidden } from '../system';
import { Pager } from './Pager';
import { RowActions } from './RowActions';
import { nextSort, searchRows, sortRows } from './rows';
import { Frame, Message, Scroll, SearchBox, SortButton, Table, Toolbar, Footer } from './styles';
import type { Column, DataTableProps, SortState } from './types';
import { VirtualRows } from './VirtualRows';

const sortIcon = (sort: SortState | undefined, key: string) =>
  sort?.fieldName !== key ? Icons.Sort : sort.dir === 'ASC' ? Icons.SortAscending : Icons.SortDescending;

/**
 * A table of records: sortable columns (client-side or by the caller), a search box, client or
 * server paging, load-more, loading/error/empty states, row actions and an optional virtualised body.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    columns,
    data,
    rowKey,
    label,
    fetchStatus = '',
    rowActions,
    pageSize,
    serverPaging,
    fetchMore,
    virtualHeight,
  } = props;
  const [ownSort, setOwnSort] = useState(props.initialSort);
  const [ownQuery, setOwnQuery] = useState('');
  const [page, setPage] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);

  const controlledSort = props.onSort !== undefined;
  const sort = controlledSort ? props.sort : ownSort;
  const controlledSearch = props.onSearch !== undefined;
  const query = controlledSearch ? (props.searchValue ?? '') : ownQuery;

  // Rows the caller already sorted or filtered are shown as given.
  const searched = controlledSearch ? data : searchRows(data, columns, query);
  const sorted = controlledSort ? searched : sortRows(searched, columns, sort);
  const pageCount = pageSize ? Math.max(1, Math.ceil(sorted.length / pageSize)) : 1;
  const currentPage = Math.min(page, pageCount - 1);
  const rows = pageSize ? sorted.slice(currentPage * pageSize, (currentPage + 1) * pageSize) : sorted;
  const colSpan = columns.length + (rowActions ? 1 : 0);

  const onSort = (key: string) => {
    const next = nextSort(sort, key);
    if (controlledSort) props.onSort?.(next);
    else setOwnSort(next);
  };
  const onSearch = (value: string) => {
    setPage(0);
    if (controlledSearch) props.onSearch?.(value);
    else setOwnQuery(value);
  };

  const renderRow = (row: T) => (
    <tr key={rowKey(row)}>
      {columns.map((c) => (
        <td key={c.key} className={c.noWrap ? 'nowrap' : undefined}>
          {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '')}
        </td>
      ))}
      {rowActions ? (
        <td className="actions">
          <RowActions items={rowActions(row)} rowName={rowKey(row)} linkAs={props.linkAs} />
        </td>
      ) : null}
    </tr>
  );

  let body: ReactNode;
  if (fetchStatus === 'loading' && rows.length === 0) {
    body = (
      <tr>
        <Message colSpan={colSpan}>
          <Indicator delay="none" />
        </Message>
      </tr>
    );
  } else if (fetchStatus === 'error') {
    body = (
      <tr>
        <Message colSpan={colSpan}>
          <Alert
            kind="danger"
            mb={0}
            action={
              props.onRetry ? (
                <Button kind="border" size="small" onClick={props.onRetry}>
                  Retry
                </Button>
              ) : undefined
            }
          >
            {props.errorText ?? 'Could not load the data'}
          </Alert>
        </Message>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr>
        <Message colSpan={colSpan}>
          {query ? `No results for "${query}"` : (props.emptyState ?? props.emptyText ?? 'No data')}
        </Message>
      </tr>
    );
  } else if (virtualHeight !== undefined) {
    body = (
      <VirtualRows
        rows={rows}
        scroller={scroller}
        height={virtualHeight}
        colSpan={colSpan}
        renderRow={renderRow}
      />
    );
  } else {
    body = rows.map(renderRow);
  }

  return (
    <Frame>
      {props.isSearchable ? (
        <Toolbar>
          <SearchBox>
            <Icon icon={Icons.Search} />
            <Input
              type="search"
              aria-label="Search"
              placeholder="Search…"
              value={query}
              onChange={(e) => onSearch(e.target.value)}
            />
          </SearchBox>
          {fetchStatus === 'loading' && rows.length > 0 ? <Indicator size="small" /> : null}
        </Toolbar>
      ) : null}
      <Scroll ref={scroller} $height={virtualHeight}>
        <Table aria-label={label} aria-busy={fetchStatus === 'loading' || undefined}>
          <thead>
            <tr>
              {columns.map((c: Column<T>) => (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={
                    sort?.fieldName === c.key ? (sort.dir === 'ASC' ? 'ascending' : 'descending') : undefined
                  }
                >
                  {c.isSortable ? (
                    <SortButton type="button" onClick={() => onSort(c.key)}>
                      {c.headerText ?? c.key}
                      <Icon icon={sortIcon(sort, c.key)} />
                    </SortButton>
                  ) : (
                    (c.headerText ?? c.key)
                  )}
                </th>
              ))}
              {rowActions ? (
                <th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </Table>
      </Scroll>
      {pageSize && !serverPaging && sorted.length > pageSize ? (
        <Pager
          start={currentPage * pageSize}
          shown={rows.length}
          total={sorted.length}
          hasPrev={currentPage > 0}
          hasNext={currentPage < pageCount - 1}
          onPrev={() => setPage(currentPage - 1)}
          onNext={() => setPage(currentPage + 1)}
        />
      ) : null}
      {serverPaging ? (
        <Pager
          start={serverPaging.pageStart}
          shown={rows.length}
          total={serverPaging.totalCount}
          hasPrev={serverPaging.hasPrev && fetchStatus !== 'loading'}
          hasNext={serverPaging.hasNext && fetchStatus !== 'loading'}
          onPrev={serverPaging.onPrev}
          onNext={serverPaging.onNext}
        />
      ) : null}
      {fetchMore?.hasMore ? (
        <Footer>
          <Button
            kind="border"
            size="small"
            loading={fetchStatus === 'loading'}
            onClick={fetchMore.onFetchMore}
          >
            Load more
          </Button>
        </Footer>
      ) : null}
    </Frame>
  );
}
