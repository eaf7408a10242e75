import { Trans, useLingui } from '@lingui/react/macro';
import { useBootConfig } from '@/lib/boot-config-context';

const linkClasses =
  'rounded-sm font-medium text-slate-500 underline-offset-2 hover:text-slate-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * The links of the pages people reach without an account (/start, /companion): the product's site
 * (MARKETING_URL) and where to find help (SUPPORT_URL), each in a new tab.
 */
export function PublicLinks() {
  const { t } = useLingui();
  const { urls } = useBootConfig();
  const links = [
    { href: urls.marketing, label: t`About Equip` },
    { href: urls.support, label: t`Help` },
  ].filter((link) => link.href);
  if (links.length === 0) return null;
  return (
    <nav aria-label={t`About Equip and help`} className="flex justify-center gap-4 text-sm">
      {links.map((link) => (
        <a key={link.label} href={link.href} target="_blank" rel="noreferrer" className={linkClasses}>
          {link.label}
          <span className="sr-only">
            {' '}
            <Trans>(opens in a new tab)</Trans>
          </span>
        </a>
      ))}
    </nav>
  );
}
