import { Trans } from '@lingui/react/macro';
import { Link, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { MAIN_LAYOUT_THEME } from '@/lib/theme';
import { LanguageSelect } from '@/ui/language-select';
import { Logo } from '@/ui/logo';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** A plain centred page for sign-in, enrolment and the companion landing page. */
export function CenteredLayout({ wide = false }: { wide?: boolean }) {
  return (
    <div
      data-theme={MAIN_LAYOUT_THEME}
      className="flex min-h-screen flex-col bg-gradient-to-b from-indigo-50/60 to-slate-50 [color-scheme:light]"
    >
      <SkipLink />
      <header className="flex justify-center px-4 pt-10 pb-6">
        <Link
          to={paths.home}
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
        >
          <Logo />
        </Link>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex flex-1 justify-center px-4 pb-16 focus:outline-none"
      >
        <div className={wide ? 'w-full max-w-2xl' : 'w-full max-w-md'}>
          <Outlet />
        </div>
      </main>
      <footer className="flex flex-col items-center gap-4 pb-8 text-center text-xs text-slate-400">
        {/* Before signing in (login, reset, /start …) the language is chosen here, for this browser. */}
        <LanguageSelect />
        <Trans>© Equip</Trans>
      </footer>
    </div>
  );
}
