import type { FeatureFlag } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import AccessDenied from '../features/errors/AccessDenied';
import { featureFlagsAtom, pageClusterRefusalAtom } from '../session/userContext';

/** A page behind a feature flag: shown to a user who holds it, else Access Denied. */
export function Gate({ flag, children }: { flag: FeatureFlag; children: ReactNode }) {
  const flags = useAtomValue(featureFlagsAtom);
  // A leaf that refused the user (its role map, or it is offline) says why.
  const refusal = useAtomValue(pageClusterRefusalAtom);
  return flags[flag] ? children : <AccessDenied message={refusal} />;
}
