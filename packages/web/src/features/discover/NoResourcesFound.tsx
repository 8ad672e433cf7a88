import { Button, EmptyState, type IconProps } from '@portcullis/design';
import { webRoutes } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { featureFlagsAtom } from '../../session/userContext';

/**
 * A resource list with nothing to list says how resources get there: a user who may enroll them is led to
 * Enroll New Resource, anyone else is told whom to ask. The resources may exist out of the user's reach, so the
 * title says none were found rather than that there are none.
 */
export function NoResourcesFound({ kind, icon }: { kind: string; icon: IconProps['icon'] }) {
  const { discover } = useAtomValue(featureFlagsAtom);
  const navigate = useNavigate();
  return (
    <EmptyState
      icon={icon}
      title={`No ${kind} Found`}
      description={
        discover
          ? 'Those you may reach are listed here. Enroll a new one to reach it through the gateway, or ask an administrator for access to those you cannot see.'
          : 'Those you may reach are listed here. Ask an administrator to enroll them, or for a role that reaches them.'
      }
      action={
        discover ? (
          <Button onClick={() => navigate(webRoutes.discover)}>Enroll New Resource</Button>
        ) : undefined
      }
    />
  );
}
