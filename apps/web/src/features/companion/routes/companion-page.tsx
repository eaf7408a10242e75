import type { CompanionPlatform } from '@equip/domain/companion';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Cpu, HardDrive, Laptop, Monitor, ShieldCheck } from 'lucide-react';
import { paths } from '@/config/paths';
import { Card } from '@/ui/card';
import { HostLink } from '@/ui/host-link';
import { Notice } from '@/ui/notice';
import { PublicLinks } from '@/ui/public-links';
import { InstallerDownload } from '../components/installer-download';

const PLATFORMS: {
  platform: CompanionPlatform;
  name: string;
  file: ReturnType<typeof msg>;
  icon: typeof Laptop;
}[] = [
  { platform: 'macos', name: 'macOS', file: msg`Installer package (.pkg)`, icon: Laptop },
  { platform: 'windows', name: 'Windows', file: msg`Installer (.exe)`, icon: Monitor },
];

function Installer({ platform, name, file, icon: Icon }: (typeof PLATFORMS)[number]) {
  const { i18n } = useLingui();
  return (
    <li className="flex items-center gap-3 rounded-lg border border-slate-200 p-4">
      <Icon aria-hidden="true" className="size-6 text-slate-500" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900">{name}</p>
        <p className="text-xs text-slate-500">{i18n._(file)}</p>
      </div>
      {/* The installers are on the companion's host (COMPANION_URL), where this page is served too. */}
      <InstallerDownload platform={platform} variant="primary">
        <Trans>Download for {name}</Trans>
      </InstallerDownload>
    </li>
  );
}

/** `/companion`: what the companion desktop app does, and its installers. */
export function CompanionPage() {
  const { t } = useLingui();
  const collected = [
    { icon: Laptop, text: t`The computer's name, operating system and version, model and serial number` },
    { icon: Cpu, text: t`Processor and memory` },
    { icon: HardDrive, text: t`Disk size` },
    { icon: ShieldCheck, text: t`Whether the disk is encrypted` },
  ];
  return (
    <Card className="space-y-6 p-8">
      <div className="space-y-2 text-center">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">
          <Trans>Equip Companion</Trans>
        </h1>
        <p className="text-sm text-slate-500">
          <Trans>
            The desktop app that keeps your computer set up: software, updates and help from your IT team.
          </Trans>
        </p>
      </div>
      <ul aria-label={t`Installers`} className="grid gap-3">
        {PLATFORMS.map((entry) => (
          <Installer key={entry.platform} {...entry} />
        ))}
      </ul>
      <section aria-labelledby="companion-reports" className="space-y-2">
        <h2 id="companion-reports" className="text-sm font-medium text-slate-900">
          <Trans>What the companion reports to your IT team</Trans>
        </h2>
        <ul className="space-y-1.5">
          {collected.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-2 text-sm text-slate-600">
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
              {text}
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-600">
          <Trans>It never reads your files, messages or browsing.</Trans>
        </p>
      </section>
      <Notice>
        <Trans>
          To connect this computer to your organisation, start at{' '}
          <HostLink host="enrolment" path={paths.start} className="font-medium underline">
            Enrol your device
          </HostLink>
          : you will get a one-time command for the companion.
        </Trans>
      </Notice>
      <PublicLinks />
    </Card>
  );
}
