import { Button, Link, type StepProps, Text } from '@portcullis/design';
import { compilePath, DiscoverEventStatus, webRoutes } from '@portcullis/shared';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ResourceKind } from './resources';
import { StepFrame } from './StepFrame';
import { stepTitles } from './steps';
import { useWizard } from './wizard';

const listPages: Record<ResourceKind, { route: string; title: string }> = {
  server: { route: webRoutes.nodes, title: 'Servers' },
  app: { route: webRoutes.apps, title: 'Applications' },
  database: { route: webRoutes.databases, title: 'Databases' },
  kubernetes: { route: webRoutes.kubernetes, title: 'Kubernetes' },
  desktop: { route: webRoutes.desktops, title: 'Desktops' },
};

/** The run is complete: where to find the resource, or enrol another. */
export function Finished(step: StepProps) {
  const { choice, clusterId, progress, report, restart } = useWizard();
  const list = listPages[choice?.kind ?? 'server'];
  useEffect(() => report('finished', DiscoverEventStatus.Success), [report]);
  return (
    <StepFrame title={stepTitles.finished} step={step}>
      <Text
        mb={3}
      >{`${progress.resource?.name ?? 'The resource'} is enrolled and reachable through this gateway.`}</Text>
      <Text mb={3}>
        <Link as={RouterLink} to={compilePath(list.route, { clusterId })}>
          {`Go to ${list.title}`}
        </Link>
      </Text>
      <Button onClick={restart}>Enroll another resource</Button>
    </StepFrame>
  );
}
