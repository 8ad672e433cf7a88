import {
  Alert,
  Box,
  Button,
  Card,
  CodeBlock,
  FieldInput,
  Flex,
  H2,
  Text,
  Validation,
} from '@portcullis/design';
import { awsOidcAudience } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { webConfigAtom } from '../../config';
import { useAttempt } from '../../useAttempt';
import { integrationNameRule, parseRoleArn, rdsPermissionPolicy, roleArnRule, trustPolicy } from './awsOidc';
import { integrationActions, issuerAtom } from './integrationsApi';

/** Stands in for the issuer in the steps when the gateway's discovery document could not be read. */
const unknownIssuer = 'https://GATEWAY_PUBLIC_ADDRESS';

/**
 * Enrols an AWS OIDC integration: how to make AWS trust the gateway as an OpenID issuer and give it a role,
 * then the form naming that role. On success the user goes to `done` (the list, or the wizard they came from).
 */
export function AwsOidcEnroll({ done }: { done: string }) {
  const { proxyCluster } = useAtomValue(webConfigAtom);
  const { issuer, error: issuerError } = useAtomValue(issuerAtom);
  const [name, setName] = useState('');
  const [roleArn, setRoleArn] = useState('');
  const { busy, error, run } = useAttempt();
  const navigate = useNavigate();
  const shownIssuer = issuer || unknownIssuer;

  const submit = (e: FormEvent, validate: () => boolean) => {
    e.preventDefault();
    if (!validate()) return;
    void run(async () => {
      await integrationActions.create(proxyCluster, {
        name,
        subKind: 'aws-oidc',
        awsoidc: { roleArn: roleArn.trim() },
      });
      navigate(done);
    });
  };

  return (
    <>
      <H2 mb={2}>Set up AWS</H2>
      <Text mb={3}>
        {`AWS checks the gateway’s tokens against its public keys at ${shownIssuer}: AWS must reach that ` +
          'address over HTTPS, from the internet, with a certificate it trusts.'}
      </Text>
      {issuerError ? (
        <Alert kind="warning">{`Could not read the gateway’s OpenID configuration: ${issuerError}`}</Alert>
      ) : null}
      {issuer && !issuer.startsWith('https://') ? (
        <Alert kind="warning">
          {`The gateway’s issuer is ${issuer}, which is not HTTPS: AWS will refuse it. Serve the gateway’s ` +
            'public address over HTTPS first.'}
        </Alert>
      ) : null}
      <Box as="ol" pl={4} mb={4}>
        <SetupStep text="In IAM, add an OpenID Connect identity provider with this provider URL and audience:">
          <CodeBlock code={shownIssuer} copyLabel="Copy provider URL" />
          <Box mt={2}>
            <CodeBlock code={awsOidcAudience} copyLabel="Copy audience" />
          </Box>
        </SetupStep>
        <SetupStep text="Create an IAM role for web identity with this trust policy. Its account is the one in the role ARN you enter below:">
          <CodeBlock code={trustPolicy(shownIssuer, parseRoleArn(roleArn))} copyLabel="Copy trust policy" />
        </SetupStep>
        <SetupStep text="Allow the role rds:DescribeDBInstances, for instance with this permissions policy:">
          <CodeBlock code={rdsPermissionPolicy} copyLabel="Copy permissions policy" />
        </SetupStep>
        <SetupStep text="Enter the role’s ARN below." />
      </Box>
      <Card>
        {error ? <Alert>{error}</Alert> : null}
        <Validation>
          {({ validate }) => (
            <form onSubmit={(e) => submit(e, validate)} noValidate aria-label="AWS OIDC integration">
              <FieldInput
                label="Integration name"
                value={name}
                onChange={setName}
                rule={integrationNameRule}
                helperText="Lower-case letters, digits and dashes, starting with a letter; at most 63 characters"
              />
              <FieldInput
                label="Role ARN"
                value={roleArn}
                onChange={setRoleArn}
                rule={roleArnRule}
                placeholder="arn:aws:iam::123456789012:role/portcullis"
              />
              <Flex gap={2}>
                <Button type="submit" loading={busy}>
                  Enroll Integration
                </Button>
                <Button kind="secondary" onClick={() => navigate(done)}>
                  Cancel
                </Button>
              </Flex>
            </form>
          )}
        </Validation>
      </Card>
    </>
  );
}

function SetupStep({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Box as="li" mb={3}>
      <Text mb={2}>{text}</Text>
      {children}
    </Box>
  );
}
