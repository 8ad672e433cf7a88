import { Indicator } from '@portcullis/design';
import { documentTitle, type FeatureFlag } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { type ReactNode, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import AccessDenied from '../features/errors/AccessDenied';
import { featureFlagsAtom, pageClusterRefusalAtom } from '../session/userContext';
import type { PageRoute } from './pageRoute';

function Gate({ flag, children }: { flag: FeatureFlag; children: ReactNode }) {
  const flags = useAtomValue(featureFlagsAtom);
  // A leaf that refused the user (its role map, or it is offline) says why.
  const refusal = useAtomValue(pageClusterRefusalAtom);
  return flags[flag] ? children : <AccessDenied message={refusal} />;
}

/** Sets the tab title, checks the page's flag and loads its chunk. */
export function PageFrame({ page }: { page: PageRoute }) {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(page.title, pathname);
  }, [page.title, pathname]);
  const Page = page.component;
  const content = (
    <Suspense fallback={<Indicator />}>
      <Page />
    </Suspense>
  );
  return page.flag ? <Gate flag={page.flag}>{content}</Gate> : content;
}
