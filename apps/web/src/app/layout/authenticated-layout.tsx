import { AppLayout } from './app-layout';
import { RequireAuth } from './require-auth';

/** The dashboard shell behind the sign-in guard. */
export function AuthenticatedLayout() {
  return (
    <RequireAuth>
      <AppLayout />
    </RequireAuth>
  );
}
