import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, Flag, Mail, ShieldCheck } from 'lucide-react';
import { Card } from '@/ui/card';
import { ComingSoonList } from '@/ui/coming-soon-list';
import { Notice } from '@/ui/notice';

/** `/start`: unified enrolment of an employee's device (SPEC §2: Email, OTP, Success, Finish). */
export function StartPage() {
  const { t } = useLingui();
  return (
    <Card className="space-y-6 p-8">
      <div className="space-y-2 text-center">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">
          <Trans>Enrol your device</Trans>
        </h1>
        <p className="text-sm text-slate-500">
          <Trans>Connect this device to your organisation in a couple of minutes.</Trans>
        </p>
      </div>
      <Notice>
        <Trans>Device enrolment is not available on this server yet. It will take four steps:</Trans>
      </Notice>
      <ComingSoonList
        items={[
          { icon: Mail, title: t`Your work email`, description: t`Tell us who you are.` },
          { icon: ShieldCheck, title: t`One-time code`, description: t`Enter the code we email you.` },
          {
            icon: CircleCheck,
            title: t`Device recognised`,
            description: t`We match this device to your account.`,
          },
          { icon: Flag, title: t`Finish`, description: t`Install the management profile and you are done.` },
        ]}
      />
    </Card>
  );
}
