import { Trans } from '@lingui/react/macro';
import { ArrowLeft, Compass } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { MAIN_LAYOUT_THEME } from '@/lib/theme';
import { Button } from '@/ui/button';
import { Logo } from '@/ui/logo';

/** The 404 message; used on its own page and inside the dashboard for unknown dashboard pages. */
export function NotFoundContent({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const { pathname } = useLocation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center">
      <span className="mb-6 flex size-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
        <Compass aria-hidden="true" className="size-7" />
      </span>
      <p className="text-sm font-semibold text-indigo-600">404</p>
      <Heading className="mt-2 text-3xl font-semibold tracking-tight text-slate-900">
        <Trans>Page not found</Trans>
      </Heading>
      <p className="mt-3 max-w-md text-sm text-slate-500">
        <Trans>
          There is nothing at{' '}
          <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">{pathname}</code>. Check the
          address, or head back to the overview.
        </Trans>
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={paths.dashboard.overview}>
            <ArrowLeft aria-hidden="true" />
            <Trans>Go to overview</Trans>
          </Link>
        </Button>
      </div>
    </div>
  );
}

export function NotFoundPage() {
  return (
    <div data-theme={MAIN_LAYOUT_THEME} className="flex min-h-screen flex-col bg-slate-50">
      <header className="flex justify-center px-4 pt-10">
        <Logo />
      </header>
      <main className="flex flex-1 items-center justify-center">
        <NotFoundContent />
      </main>
    </div>
  );
}
