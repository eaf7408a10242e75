import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, Laptop, Monitor } from 'lucide-react';
import { Card } from '@/ui/card';
import { Notice } from '@/ui/notice';

const PLATFORMS = [
  { name: 'macOS', file: msg`Installer package (.pkg)`, icon: Laptop },
  { name: 'Windows', file: msg`Installer (.exe)`, icon: Monitor },
];

/** `/companion`: landing page of the companion desktop app. */
export function CompanionPage() {
  const { i18n } = useLingui();
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
      <ul className="grid gap-3 sm:grid-cols-2">
        {PLATFORMS.map(({ name, file, icon: Icon }) => (
          <li key={name} className="flex items-center gap-3 rounded-lg border border-slate-200 p-4">
            <Icon aria-hidden="true" className="size-6 text-slate-500" />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-slate-900">{name}</p>
              <p className="text-xs text-slate-500">{i18n._(file)}</p>
            </div>
            <Download aria-hidden="true" className="size-4 text-slate-300" />
          </li>
        ))}
      </ul>
      <Notice>
        <Trans>Installers are not published on this server yet; download links will appear here.</Trans>
      </Notice>
    </Card>
  );
}
