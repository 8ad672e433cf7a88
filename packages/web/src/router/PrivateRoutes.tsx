import { Indicator } from '@portcullis/design';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useSessionLifecycle } from '../session/useSession';

/** Signed-in pages: the session lifecycle runs while they show; an invalid session has left for login. */
export function PrivateRoutes() {
  const running = useSessionLifecycle();
  if (!running) return null;
  return (
    <Suspense fallback={<Indicator />}>
      <Outlet />
    </Suspense>
  );
}
