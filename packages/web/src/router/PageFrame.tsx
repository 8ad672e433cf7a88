import { Indicator } from '@portcullis/design';
import { documentTitle } from '@portcullis/shared';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { PageRoute } from './pageRoute';
import { signedIn } from './signedInChunk';

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
  if (!page.flag) return content;
  // Only signed-in pages carry a flag, and those render below PrivateRoutes, which loaded the check.
  const { Gate } = signedIn();
  return <Gate flag={page.flag}>{content}</Gate>;
}
