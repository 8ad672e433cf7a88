/** @jest-environment node */
import { TransferApprovals } from './transferApprovals';

const hosts = { download: true, location: '/etc/hosts' };

test('asks through the session, learns the id from the reply, and resolves with it when approved', async () => {
  const sent: unknown[] = [];
  const approvals = new TransferApprovals();
  approvals.connect((spec) => sent.push(spec));
  const approved = approvals.approval(hosts);
  expect(sent).toEqual([hosts]);
  // Someone else's decision, and a reply for another transfer, settle nothing.
  approvals.received({ type: 'file-transfer-request', requestId: 'other', requester: 'alice', download: false, location: '/tmp', filename: 'x' });
  approvals.received({ type: 'file-transfer-request', requestId: 'r1', requester: 'alice', ...hosts });
  approvals.decided({ type: 'file-transfer-decision', requestId: 'other', approved: true });
  approvals.decided({ type: 'file-transfer-decision', requestId: 'r1', approved: true, moderator: 'bob' });
  await expect(approved).resolves.toBe('r1');
});

test('a denial rejects with the words the transfer bar shows', async () => {
  const approvals = new TransferApprovals();
  approvals.connect(() => undefined);
  const denied = approvals.approval({ download: false, location: '/tmp', filename: 'a.txt' });
  approvals.received({ type: 'file-transfer-request', requestId: 'r2', requester: 'alice', download: false, location: '/tmp', filename: 'a.txt' });
  approvals.decided({ type: 'file-transfer-decision', requestId: 'r2', approved: false });
  await expect(denied).rejects.toThrow('The moderator denied the file transfer');
});

test('without an open session nothing is asked, and a cancelled wait stops waiting', async () => {
  const approvals = new TransferApprovals();
  await expect(approvals.approval(hosts)).rejects.toThrow('The session is not open, so the moderators cannot be asked.');
  approvals.connect(() => undefined);
  const controller = new AbortController();
  const waiting = approvals.approval(hosts, controller.signal);
  controller.abort();
  await expect(waiting).rejects.toThrow('The transfer was cancelled.');
  // The request's reply no longer finds anyone waiting for it.
  approvals.received({ type: 'file-transfer-request', requestId: 'r3', requester: 'alice', ...hosts });
  approvals.decided({ type: 'file-transfer-decision', requestId: 'r3', approved: true });
});
