import { Alert, Box, Button, Flex, Indicator, Input, Text } from '@portcullis/design';
import type { Node, SortType } from '@portcullis/shared';
import { type FormEvent, useState } from 'react';
import { ConnectMenu } from './ConnectMenu';
import type { FetchNodes } from './nodesService';
import { useNodeList } from './useNodeList';

export interface NodeListProps {
  clusterId: string;
  onConnect: (node: Node, login: string) => void;
  /** Where pages come from; the gateway unless a test or story says otherwise. */
  fetchNodes?: FetchNodes;
}

const sortableColumns = [
  { fieldName: 'hostname', title: 'Hostname' },
  { fieldName: 'addr', title: 'Address' },
] as const;

/** The cluster's nodes: keyword search, sort, keyset pages from the server, and Connect per node. */
export function NodeList({ clusterId, onConnect, fetchNodes }: NodeListProps) {
  const list = useNodeList(clusterId, fetchNodes);
  const [query, setQuery] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    list.setSearch(query);
  };
  const { load } = list;
  return (
    <Box>
      <Flex as="form" role="search" onSubmit={submit} mb={3} alignItems="center">
        <Input
          aria-label="Search servers"
          placeholder="Search by hostname, address or label"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Button type="submit" kind="border" ml={2}>
          Search
        </Button>
      </Flex>
      {load.status === 'error' && <Alert kind="danger">{load.message}</Alert>}
      {load.status === 'loading' && <Indicator label="Loading servers" />}
      {load.status === 'ready' && (
        <>
          <Box as="table" width="100%" aria-label="Servers" aria-rowcount={load.totalCount}>
            <thead>
              <tr>
                {sortableColumns.map((column) => (
                  <Box as="th" key={column.fieldName} textAlign="left" aria-sort={ariaSort(list.sort, column.fieldName)}>
                    <Button kind="text" size="small" onClick={() => list.setSort(toggle(list.sort, column.fieldName))}>
                      {column.title}
                    </Button>
                  </Box>
                ))}
                <Box as="th" textAlign="left">
                  Labels
                </Box>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {load.nodes.map((node) => (
                <tr key={node.id}>
                  <Box as="td" py={2}>
                    {node.hostname}
                  </Box>
                  <td>{node.tunnel ? '⟵ Tunnel' : node.addr}</td>
                  <td>
                    <Flex flexWrap="wrap">
                      {node.labels.map((label) => (
                        <Text key={label.name} as="span" typography="body3" mono mr={1} mb={1} px={2} bg="levels.sunken">
                          {label.name}: {label.value}
                        </Text>
                      ))}
                    </Flex>
                  </td>
                  <Box as="td" textAlign="right">
                    <ConnectMenu node={node} onConnect={onConnect} />
                  </Box>
                </tr>
              ))}
            </tbody>
          </Box>
          {load.nodes.length === 0 && <Text muted>No servers found.</Text>}
        </>
      )}
      <Flex mt={3} alignItems="center" justifyContent="flex-end">
        {load.status === 'ready' && (
          <Text typography="body3" muted mr={3}>
            {pageText(list.page, list.pageSize, load.nodes.length, load.totalCount)}
          </Text>
        )}
        <Button kind="border" size="small" mr={2} disabled={!list.canGoBack} onClick={list.back}>
          Previous
        </Button>
        <Button kind="border" size="small" disabled={!list.canGoNext} onClick={list.next}>
          Next
        </Button>
      </Flex>
    </Box>
  );
}

const toggle = (sort: SortType, fieldName: string): SortType =>
  sort.fieldName === fieldName ? { fieldName, dir: sort.dir === 'ASC' ? 'DESC' : 'ASC' } : { fieldName, dir: 'ASC' };

const ariaSort = (sort: SortType, fieldName: string) =>
  sort.fieldName !== fieldName ? undefined : sort.dir.toUpperCase() === 'ASC' ? 'ascending' : 'descending';

/** "Showing 16 - 30 of 42": where this page sits in the whole list. */
export function pageText(page: number, pageSize: number, rows: number, total: number): string {
  if (rows === 0) return `Showing 0 of ${total}`;
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first} - ${first + rows - 1} of ${total}`;
}
