import { channelFrame, exitOfStatus, resizeFrame, statusOfExit } from './channelProtocol';

describe("Kubernetes' exec channel protocol", () => {
  it('reads success, a command exit code, or why the command failed from the status stream', () => {
    expect(exitOfStatus('{"metadata":{},"status":"Success"}')).toEqual({ code: 0 });
    const nonZero = { status: 'Failure', reason: 'NonZeroExitCode', details: { causes: [{ reason: 'ExitCode', message: '7' }] } };
    expect(exitOfStatus(JSON.stringify(nonZero))).toEqual({ code: 7 });
    expect(exitOfStatus(JSON.stringify({ status: 'Failure', reason: 'BadRequest', message: 'container app not found in pod web-1' }))).toEqual({
      code: null,
      error: 'container app not found in pod web-1',
    });
    // NonZeroExitCode without an ExitCode cause has no code to give.
    expect(exitOfStatus(JSON.stringify({ status: 'Failure', reason: 'NonZeroExitCode' }))).toEqual({ code: null, error: 'the command failed' });
  });

  it('says the status was unreadable, quoting at most 200 characters of it', () => {
    expect(exitOfStatus('not json')).toEqual({ code: null, error: 'the Kubernetes API sent an unreadable status: not json' });
    expect(exitOfStatus(`{${'x'.repeat(300)}`)).toEqual({ code: null, error: `the Kubernetes API sent an unreadable status: {${'x'.repeat(199)}` });
  });

  it('writes the status kubectl reads back as the same exit', () => {
    for (const exit of [{ code: 0 }, { code: 3 }, { code: null, error: 'the pod was deleted' }]) expect(exitOfStatus(statusOfExit(exit))).toEqual(exit);
    expect(JSON.parse(statusOfExit({ code: 3 }))).toEqual({
      metadata: {},
      status: 'Failure',
      message: 'command terminated with non-zero exit code: 3',
      reason: 'NonZeroExitCode',
      details: { causes: [{ reason: 'ExitCode', message: '3' }] },
    });
    expect(exitOfStatus(statusOfExit({ code: null }))).toEqual({ code: null, error: 'the session ended' });
  });

  it('frames data behind the byte naming its stream, and a resize as JSON on stream 4', () => {
    expect(channelFrame(1, 'hi')).toEqual(Buffer.from([1, 0x68, 0x69]));
    expect(channelFrame(0, Buffer.from([0, 255]))).toEqual(Buffer.from([0, 0, 255]));
    expect(channelFrame(2, '')).toEqual(Buffer.from([2]));
    expect(resizeFrame(80, 24)).toEqual(Buffer.concat([Buffer.from([4]), Buffer.from('{"Width":80,"Height":24}')]));
  });
});
