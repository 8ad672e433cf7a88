import { awsOidcAudience } from '@portcullis/shared';
import { parseRoleArn, providerName, roleArnRule, trustPolicy } from './awsOidc';

test.each([
  ['arn:aws:iam::123456789012:role/portcullis', { partition: 'aws', account: '123456789012' }],
  ['arn:aws-cn:iam::123456789012:role/portcullis', { partition: 'aws-cn', account: '123456789012' }],
  [
    'arn:aws-us-gov:iam::210987654321:role/ops/portcullis-rds',
    { partition: 'aws-us-gov', account: '210987654321' },
  ],
  [' arn:aws:iam::123456789012:role/portcullis ', { partition: 'aws', account: '123456789012' }],
])('%s is a role in %j', (arn, parts) => {
  expect(parseRoleArn(arn)).toEqual(parts);
  expect(roleArnRule(arn)).toEqual({ valid: true });
});

test.each([
  'arn:aws-eu:iam::123456789012:role/portcullis',
  'arn:aws:iam::1234567890123:role/portcullis',
  'arn:aws:iam::123456789012:role/',
  'arn:aws:iam::123456789012:user/alice',
  'arn:aws:sts::123456789012:assumed-role/portcullis/session',
])('%s is not a role ARN', (arn) => {
  expect(parseRoleArn(arn)).toBeUndefined();
  expect(roleArnRule(arn).valid).toBe(false);
});

test('IAM names the provider by the issuer’s host and path, without scheme or trailing slash', () => {
  expect(providerName('https://gateway.example.com')).toBe('gateway.example.com');
  expect(providerName('https://example.com/portcullis/')).toBe('example.com/portcullis');
});

test('an issuer with a path keeps it in the principal and in the audience condition key, as IAM names them', () => {
  const policy = JSON.parse(
    trustPolicy('https://example.com/portcullis', { partition: 'aws', account: '123456789012' }),
  );
  expect(policy.Statement[0].Principal.Federated).toBe(
    'arn:aws:iam::123456789012:oidc-provider/example.com/portcullis',
  );
  expect(policy.Statement[0].Condition).toEqual({
    StringEquals: { 'example.com/portcullis:aud': awsOidcAudience },
  });
});
