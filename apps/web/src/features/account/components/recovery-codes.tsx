import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Copy, Download } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { downloadFile } from '@/lib/download';
import { i18n } from '@/lib/i18n/i18n';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { copyText } from './authenticator-enrolment';

export function recoveryCodesText(codes: string[], email: string, now = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  return [
    i18n._(msg`Equip recovery codes for ${email}`),
    i18n._(msg`Created ${day}. Each code works once.`),
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The ten recovery codes, shown once right after enrolment, with copy and download. */
export function RecoveryCodes({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const text = recoveryCodesText(codes, email);
  return (
    <div className="space-y-5">
      <div>
        <h3
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-semibold text-slate-900 focus:outline-none"
        >
          <Trans>Save your recovery codes</Trans>
        </h3>
        <p className="mt-1 text-sm text-slate-500">
          <Trans>
            Your authenticator app is on. If you lose your phone, sign in with one of these codes instead of a
            code from the app. Each code works once.
          </Trans>
        </p>
      </div>
      <Alert variant="warning" role="none">
        <Trans>
          This is the only time the codes are shown. Keep them somewhere safe, like a password manager.
        </Trans>
      </Alert>
      <ul
        aria-label={t`Recovery codes`}
        className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-xl bg-slate-50 p-5 font-mono text-sm text-slate-900 ring-1 ring-slate-200 ring-inset sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wide">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() =>
            copyText(codes.join('\n'), {
              copied: t`Recovery codes copied to the clipboard.`,
              failed: t`The recovery codes could not be copied. Select the text and copy it instead.`,
            })
          }
        >
          <Copy aria-hidden="true" />
          <Trans>Copy codes</Trans>
        </Button>
        <Button
          variant="secondary"
          onClick={() => downloadFile(text, 'equip-recovery-codes.txt', 'text/plain;charset=utf-8')}
        >
          <Download aria-hidden="true" />
          <Trans>Download</Trans>
        </Button>
        <Button className="sm:ml-auto" onClick={onDone}>
          <Trans>I’ve saved my codes</Trans>
        </Button>
      </div>
    </div>
  );
}
