import { TransferApprovals } from './moderationTransfers';

describe('file-transfer approvals of a moderated session', () => {
  const hosts = { download: true, location: '/etc/hosts' };

  it('lets one matching transfer through per approval', () => {
    const approvals = new TransferApprovals();
    const { id } = approvals.request('alice', hosts);
    expect(approvals.use(id, 'alice', hosts)).toBe(`file transfer request ${id} is still waiting for a moderator`);
    expect(approvals.pending().map((r) => r.id)).toEqual([id]);
    expect(approvals.decide(id, true)).toMatchObject({ id, requester: 'alice', state: 'approved' });
    expect(approvals.pending()).toEqual([]);
    expect(approvals.use(id, 'alice', { download: false, location: '/etc/hosts' })).toBe(`file transfer request ${id} was approved for downloading /etc/hosts, not this transfer`);
    expect(approvals.use(id, 'mallory', hosts)).toBe(`there is no file transfer request ${id} of yours in this session`);
    expect(approvals.use(id, 'alice', hosts)).toBeUndefined();
    expect(approvals.use(id, 'alice', hosts)).toBe(`file transfer request ${id} was already used`);
  });

  it('is decided once, and a denial lets nothing through', () => {
    const approvals = new TransferApprovals();
    const { id } = approvals.request('alice', { download: false, location: '/tmp', filename: 'a.txt' });
    expect(approvals.decide(id, false)).toMatchObject({ state: 'denied' });
    expect(approvals.decide(id, true)).toEqual({ error: `file transfer request ${id} was already denied` });
    expect(approvals.use(id, 'alice', { download: false, location: '/tmp', filename: 'a.txt' })).toBe(`a moderator denied file transfer request ${id}`);
    expect(approvals.decide('nope', true)).toEqual({ error: 'there is no file transfer request nope in this session' });
  });
});
