import { Flex, Label, type LabelKind } from '@portcullis/design';
import type { AccessRequestJson } from '@portcullis/shared';
import { shownState, type ShownState } from './accessRequestsApi';

const kinds: Record<ShownState, LabelKind> = {
  PENDING: 'warning',
  APPROVED: 'success',
  DENIED: 'danger',
  EXPIRED: 'neutral',
};

/** A state as a pill: a review's decision, or a request's state. */
export function StatePill({ state }: { state: ShownState }) {
  return <Label kind={kinds[state]}>{state}</Label>;
}

/** A request's state as a pill, EXPIRED once its expiry has passed whatever the stored state says. */
export function RequestState({ request }: { request: Pick<AccessRequestJson, 'state' | 'expires'> }) {
  return <StatePill state={shownState(request)} />;
}

/** Names as pills: the roles or resources a request asks for, or reviewers. */
export function NameList({ items }: { items: string[] }) {
  return (
    <Flex flexWrap="wrap">
      {items.map((item) => (
        <Label key={item} mr={1}>
          {item}
        </Label>
      ))}
    </Flex>
  );
}
