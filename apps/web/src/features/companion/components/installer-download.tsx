import { COMPANION_DOWNLOAD_PATHS, type CompanionPlatform } from '@equip/domain/companion';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { useHosts } from '@/lib/hosts';
import { type ButtonVariant, buttonClasses } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { installersQueryOptions } from '../api/get-installers';

export type InstallerAvailability = 'checking' | 'available' | 'unavailable';

/**
 * Whether this server has the installer for `platform` (`GET /api/companion/installers`, asked once per
 * page: the download paths themselves answer 404 when none is configured, which the browser reports
 * as an error). A failed question counts as unavailable.
 */
export function useInstallerAvailability(platform: CompanionPlatform): InstallerAvailability {
  const installers = useQuery(installersQueryOptions);
  if (installers.isPending) return 'checking';
  return installers.data?.[platform] ? 'available' : 'unavailable';
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
  const availability = useInstallerAvailability(platform);
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
