import { Alert, Card, Flex, H1, H3, Link, Text } from '@portcullis/design';
import { compilePath, webRoutes } from '@portcullis/shared';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { AwsOidcEnroll } from './AwsOidcEnroll';
import { integrationKinds, isIntegrationKind } from './integrationKinds';

/**
 * Enroll New Integration (/web/integrations/new/:type?): the kinds to choose from, or the chosen kind's setup.
 * `?from=discover` marks a visit from the Enroll New Resource wizard, which the user returns to afterwards.
 */
export default function IntegrationEnrollPage() {
  const { type } = useParams();
  const [search] = useSearchParams();
  const done = search.get('from') === 'discover' ? webRoutes.discover : webRoutes.integrations;
  return (
    <>
      <H1 mb={4}>Enroll New Integration</H1>
      {isIntegrationKind(type) ? (
        <AwsOidcEnroll done={done} />
      ) : (
        <>
          {type === undefined ? null : <Alert>{`There is no integration of type ${type}.`}</Alert>}
          <KindTiles />
        </>
      )}
    </>
  );
}

/** A tile per kind of integration, each leading to its setup (keeping where the user came from). */
function KindTiles() {
  const { search } = useLocation();
  return (
    <Flex gap={3} flexWrap="wrap">
      {Object.entries(integrationKinds).map(([type, kind]) => (
        <Card key={type} width={300}>
          <H3 mb={2}>
            <Link as={RouterLink} to={compilePath(webRoutes.integrationEnroll, { type }) + search}>
              {kind.title}
            </Link>
          </H3>
          <Text muted>{kind.description}</Text>
        </Card>
      ))}
    </Flex>
  );
}
