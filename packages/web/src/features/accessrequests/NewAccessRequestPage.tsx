import { Alert, Box, Button, Checkbox, FieldTextArea, Flex, H1, Tabs, Text } from '@portcullis/design';
import { type CreateAccessRequest, compilePath, type Node, webRoutes } from '@portcullis/shared';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { userContextAtom } from '../../session/userContext';
import { useAttempt } from '../../useAttempt';
import { accessRequestActions, accessRequestsVersionAtom } from './accessRequestsApi';
import { RequestableNodes } from './RequestableNodes';
import { NameList } from './RequestState';

type Kind = 'roles' | 'resources';

const toggle = <T,>(list: T[], item: T, same: (a: T, b: T) => boolean) =>
  list.some((x) => same(x, item)) ? list.filter((x) => !same(x, item)) : [...list, item];

/**
 * New Access Request (/web/requests/new): roles, or specific servers, with a reason. One request asks for
 * one kind, as the gateway reads it (a resource request's roles are the ones that reach the resources), so
 * the tab in view is what is sent; picks in the other tab are kept in case the user goes back to it.
 */
export default function NewAccessRequestPage() {
  const { cluster, accessCapabilities } = useAtomValue(userContextAtom);
  const { requestableRoles, suggestedReviewers } = accessCapabilities;
  const refreshList = useSetAtom(accessRequestsVersionAtom);
  const navigate = useNavigate();
  // A user whose roles only let them search for resources (search_as_roles) starts on Resources.
  const [kind, setKind] = useState<Kind>(requestableRoles.length ? 'roles' : 'resources');
  const [roles, setRoles] = useState<string[]>([]);
  const [nodes, setNodes] = useState<Node[]>([]);
  const [reason, setReason] = useState('');
  const { busy, error, setError, run } = useAttempt();

  const requested = kind === 'roles' ? roles : nodes.map((n) => n.hostname);
  const ready = requested.length > 0 && reason.trim() !== '';

  const submit = () =>
    run(async () => {
      const body: CreateAccessRequest = {
        ...(kind === 'roles'
          ? { roles }
          : { resourceIds: nodes.map((n) => ({ kind: 'node', clusterName: n.clusterId, name: n.id })) }),
        reason: reason.trim(),
        ...(suggestedReviewers.length ? { suggestedReviewers } : {}),
      };
      const created = await accessRequestActions(cluster.clusterId).create(body);
      refreshList((v) => v + 1);
      navigate(compilePath(webRoutes.accessRequest, { requestId: created.id }));
    });

  return (
    <>
      <H1 mb={4}>New Access Request</H1>
      {error ? <Alert onDismiss={() => setError('')}>{error}</Alert> : null}
      <Box mb={4}>
        <Tabs
          label="What to request"
          activeId={kind}
          onChange={(id) => setKind(id as Kind)}
          tabs={[
            {
              id: 'roles',
              title: 'Roles',
              content: requestableRoles.length ? (
                <Flex flexDirection="column" role="group" aria-label="Requestable roles">
                  {requestableRoles.map((role) => (
                    <Checkbox
                      key={role}
                      label={role}
                      checked={roles.includes(role)}
                      onChange={() => setRoles((all) => toggle(all, role, (a, b) => a === b))}
                    />
                  ))}
                </Flex>
              ) : (
                <Text muted>No roles you may request.</Text>
              ),
            },
            {
              id: 'resources',
              title: 'Resources',
              content: (
                <RequestableNodes
                  clusterId={cluster.clusterId}
                  picked={nodes}
                  onToggle={(node) => setNodes((all) => toggle(all, node, (a, b) => a.id === b.id))}
                />
              ),
            },
          ]}
        />
      </Box>
      <FieldTextArea
        label="Reason"
        value={reason}
        onChange={setReason}
        aria-required
        helperText="Required: reviewers read it to decide."
      />
      {suggestedReviewers.length ? (
        <Flex alignItems="center" mb={4}>
          <Text mr={2}>Suggested reviewers:</Text>
          <NameList items={suggestedReviewers} />
        </Flex>
      ) : null}
      {requested.length ? (
        <Flex alignItems="center" mb={4}>
          <Text mr={2}>Requesting:</Text>
          <NameList items={requested} />
        </Flex>
      ) : null}
      <Button disabled={!ready || busy} onClick={() => void submit()}>
        Submit Request
      </Button>
    </>
  );
}
