import { Trans, useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { InstallerDownload } from '@/features/companion/public';
import { formatDateTime } from '@/lib/format';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import type { EnrollmentState } from '../enrollment-slice';
import { isComputerFlow } from './flow-label';

/** The agent command the Finish step shows (the server is this page's origin). */
export function agentCommand(server: string, token: string): string {
  return `npx equip-agent enroll --server ${server} --token ${token}`;
}

/** Step 4: the device is registered; the companion (or the agent command) completes the enrolment. */
export function FinishStep({ state, server }: { state: EnrollmentState; server: string }) {
  const { t } = useLingui();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const device = state.device;
  if (!device) return null;
  const command = agentCommand(server, device.agentToken);
  const expires = formatDateTime(device.agentTokenExpiresAt);
  const deviceName = device.deviceName;
  const flow = state.enrollmentFlow;
  // The installers are on the companion's host (COMPANION_URL); a platform without one says so.
  const downloads = [
    ...(flow === 'WEB_PC' ? [] : [{ platform: 'macos' as const, label: t`Download for macOS (.pkg)` }]),
    ...(flow === 'WEB_MAC' || flow === 'ABM_MAC'
      ? []
      : [{ platform: 'windows' as const, label: t`Download for Windows (.exe)` }]),
  ];

  async function copy() {
    try {
      await navigator.clipboard.writeText(command);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <div className="space-y-5">
      <div className="space-y-2 text-center">
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          <Trans>Almost done</Trans>
        </h2>
        <p className="text-sm text-slate-600">
          <Trans>{deviceName} is registered and waits for its enrolment to complete.</Trans>
        </p>
      </div>
      {isComputerFlow(flow) ? (
        <>
          <section aria-labelledby="enrol-install" className="space-y-2">
            <h3 id="enrol-install" className="text-sm font-medium text-slate-900">
              <Trans>1. Install the Equip Companion</Trans>
            </h3>
            <ul className="flex flex-wrap gap-2">
              {downloads.map((download) => (
                <li key={download.platform}>
                  <InstallerDownload platform={download.platform}>{download.label}</InstallerDownload>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="enrol-command" className="space-y-2">
            <h3 id="enrol-command" className="text-sm font-medium text-slate-900">
              <Trans>2. Connect it with this one-time command</Trans>
            </h3>
            <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs whitespace-pre-wrap break-all text-slate-100">
              {command}
            </pre>
            <div className="flex items-center gap-3">
              <Button variant="secondary" size="sm" onClick={copy}>
                <Copy aria-hidden="true" className="size-4" />
                <Trans>Copy command</Trans>
              </Button>
              <span role="status" className="text-sm text-slate-600">
                {copied === 'yes' ? (
                  <Trans>Copied</Trans>
                ) : copied === 'failed' ? (
                  <Trans>Copying failed; select the command and copy it.</Trans>
                ) : null}
              </span>
            </div>
          </section>
          <Alert variant="info">
            <Trans>
              The token in the command works once and until {expires}. It is shown only now: keep this page
              open until the companion says the device is enrolled.
            </Trans>
          </Alert>
        </>
      ) : (
        <Alert variant="info">
          <Trans>
            Your IT team completes the setup of this device through its device management. You can close this
            page.
          </Trans>
        </Alert>
      )}
    </div>
  );
}
