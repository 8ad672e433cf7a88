import {
  Alert,
  Box,
  Button,
  DataTable,
  FieldTextArea,
  Flex,
  H1,
  H2,
  Indicator,
  Text,
} from '@portcullis/design';
import {
  type AccessRequestJson,
  type AccessReviewJson,
  compilePath,
  displayDateTime,
  webRoutes,
} from '@portcullis/shared';
import { useAtomValue, useSetAtom } from 'jotai';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useRenewSession } from '../../session/renewSession';
import { userContextAtom } from '../../session/userContext';
import { useAttempt } from '../../useAttempt';
import {
  accessRequestActions,
  accessRequestsVersionAtom,
  approvalCount,
  requestedItems,
  shownState,
} from './accessRequestsApi';
import { NameList, RequestState, StatePill } from './RequestState';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex mb={2} alignItems="baseline">
      <Text muted width={160} flex="none">
        {label}
      </Text>
      <Box minWidth={0}>{children}</Box>
    </Flex>
  );
}

/**
 * One access request (/web/requests/:requestId): what was asked and why, its reviews, and what the user may
 * do with it: review it, assume it once approved, or withdraw it while it is pending.
 */
export default function AccessRequestPage() {
  const { requestId = '' } = useParams();
  const { cluster, username } = useAtomValue(userContextAtom);
  const actions = useMemo(() => accessRequestActions(cluster.clusterId), [cluster.clusterId]);
  const refreshList = useSetAtom(accessRequestsVersionAtom);
  const renewSession = useRenewSession();
  const navigate = useNavigate();
  const [request, setRequest] = useState<AccessRequestJson | null>(null);
  const [reviewReason, setReviewReason] = useState('');
  const { error: loadError, run: runLoad } = useAttempt();
  const act = useAttempt();

  useEffect(() => {
    setRequest(null);
    void runLoad(async () => setRequest(await actions.get(requestId)));
  }, [actions, requestId, runLoad]);

  const review = (state: AccessReviewJson['state']) =>
    act.run(async () => {
      // The gateway answers with the request as the review left it (new state, approvals): show that.
      setRequest(await actions.review(requestId, { state, reason: reviewReason.trim() }));
      setReviewReason('');
      refreshList((v) => v + 1);
    });

  const assume = () =>
    act.run(async () => {
      await renewSession({ requestId });
      navigate(compilePath(webRoutes.nodes, { clusterId: cluster.clusterId }));
    });

  const withdraw = () =>
    act.run(async () => {
      await actions.withdraw(requestId);
      refreshList((v) => v + 1);
      navigate(webRoutes.accessRequests);
    });

  const heading = <H1 mb={4}>Access Request</H1>;
  if (!request) {
    return (
      <>
        {heading}
        {loadError ? <Alert>{loadError}</Alert> : <Indicator />}
      </>
    );
  }
  const state = shownState(request);
  const withdrawable = request.user === username && state === 'PENDING';
  return (
    <>
      {heading}
      {act.error ? <Alert onDismiss={() => act.setError('')}>{act.error}</Alert> : null}
      <Box mb={5}>
        <Detail label="Requester">{request.user}</Detail>
        <Detail label={request.resourceIds.length ? 'Requested resources' : 'Requested roles'}>
          <NameList items={requestedItems(request)} />
        </Detail>
        <Detail label="Reason">{request.reason}</Detail>
        <Detail label="State">
          <RequestState request={request} />
        </Detail>
        <Detail label="Created">{displayDateTime(request.created)}</Detail>
        <Detail label="Expires">{displayDateTime(request.expires)}</Detail>
        <Detail label="Approvals">
          {approvalCount(request)} of {request.approvalsNeeded} approvals
        </Detail>
        {request.suggestedReviewers.length ? (
          <Detail label="Suggested reviewers">
            <NameList items={request.suggestedReviewers} />
          </Detail>
        ) : null}
      </Box>
      {request.assumable || withdrawable ? (
        <Flex gap={2} mb={5}>
          {request.assumable ? (
            <Button disabled={act.busy} onClick={() => void assume()}>
              Assume Roles
            </Button>
          ) : null}
          {withdrawable ? (
            <Button kind="border" disabled={act.busy} onClick={() => void withdraw()}>
              Withdraw
            </Button>
          ) : null}
        </Flex>
      ) : null}
      <H2 mb={3}>Reviews</H2>
      <DataTable<AccessReviewJson>
        label="Reviews"
        data={request.reviews}
        rowKey={(r) => `${r.author}-${r.created}`}
        emptyText="No reviews yet"
        columns={[
          { key: 'author', headerText: 'Reviewer' },
          { key: 'state', headerText: 'Review', render: (r) => <StatePill state={r.state} /> },
          { key: 'reason', headerText: 'Reason' },
          { key: 'created', headerText: 'Time', noWrap: true, render: (r) => displayDateTime(r.created) },
        ]}
      />
      {request.reviewable ? (
        <Box mt={5}>
          <FieldTextArea label="Review reason" value={reviewReason} onChange={setReviewReason} />
          <Flex gap={2}>
            <Button disabled={act.busy} onClick={() => void review('APPROVED')}>
              Approve
            </Button>
            <Button kind="warning" disabled={act.busy} onClick={() => void review('DENIED')}>
              Deny
            </Button>
          </Flex>
        </Box>
      ) : null}
    </>
  );
}
