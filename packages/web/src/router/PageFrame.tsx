import { Indicator } from '@portcullis/design';
import { documentTitle, type FeatureFlag } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { type ReactNode, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import AccessDenied from '../features/errors/AccessDenied';
import { featureFlagsAtom } from '../session/userContext';
import type { PageRoute } from './pageRoute';

function Gate({ flag, children }: { flag: FeatureFlag; children: ReactNode }) {
  const flags = useAtomValue(featureFlagsAtom);
  return flags[flag] ? children : <AccessDenied />;
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
