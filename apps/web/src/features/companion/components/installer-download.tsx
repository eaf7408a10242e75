import { COMPANION_DOWNLOAD_PATHS, type CompanionPlatform } from '@equip/domain/companion';
import { Trans } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useHosts } from '@/lib/hosts';
import { type ButtonVariant, buttonClasses } from '@/ui/button';
import { Spinner } from '@/ui/spinner';

export type InstallerAvailability = 'checking' | 'available' | 'unavailable';

/** Whether the server has an installer at `href` (it answers 404 when none is configured). */
export function useInstallerAvailability(href: string): InstallerAvailability {
  const [state, setState] = useState<InstallerAvailability>('checking');
  useEffect(() => {
    let current = true;
    fetch(href, { method: 'HEAD' }).then(
      (response) => current && setState(response.ok ? 'available' : 'unavailable'),
      () => current && setState('unavailable'),
    );
    return () => {
      current = false;
    };
  }, [href]);
  return state;
}

/**
 * The companion's installer for a platform, from the companion's host (COMPANION_URL): a download
 * button once the server is known to have it, else "Not available yet" — never a link to a 404.
 */
export function InstallerDownload({
  platform,
  children,
  variant = 'secondary',
}: {
  platform: CompanionPlatform;
  /** The button's words ("Download for macOS (.pkg)"). */
  children: ReactNode;
  variant?: ButtonVariant;
}) {
  const href = useHosts().href('companion', COMPANION_DOWNLOAD_PATHS[platform]);
  const availability = useInstallerAvailability(href);
  if (availability === 'checking') return <Spinner />;
  if (availability === 'unavailable')
    return (
      <span className="text-xs text-slate-500">
        <Trans>Not available yet</Trans>
      </span>
    );
  return (
    <a href={href} download className={buttonClasses(variant, 'sm')}>
      <Download aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}
