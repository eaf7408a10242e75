import { Copy, Download } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { downloadFile } from '@/lib/download';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { copyText } from './authenticator-enrolment';

export function recoveryCodesText(codes: string[], email: string, now = new Date()): string {
  return [
    `Equip recovery codes for ${email}`,
    `Created ${now.toISOString().slice(0, 10)}. Each code works once.`,
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
          Save your recovery codes
        </h3>
        <p className="mt-1 text-sm text-slate-500">
          Your authenticator app is on. If you lose your phone, sign in with one of these codes instead of a
          code from the app. Each code works once.
        </p>
      </div>
      <Alert variant="warning" role="none">
        This is the only time the codes are shown. Keep them somewhere safe, like a password manager.
      </Alert>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-xl bg-slate-50 p-5 font-mono text-sm text-slate-900 ring-1 ring-slate-200 ring-inset sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wide">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => copyText(codes.join('\n'), 'Recovery codes')}>
          <Copy aria-hidden="true" />
          Copy codes
        </Button>
        <Button
          variant="secondary"
          onClick={() => downloadFile(text, 'equip-recovery-codes.txt', 'text/plain;charset=utf-8')}
        >
          <Download aria-hidden="true" />
          Download
        </Button>
        <Button className="sm:ml-auto" onClick={onDone}>
          I’ve saved my codes
        </Button>
      </div>
    </div>
  );
}
