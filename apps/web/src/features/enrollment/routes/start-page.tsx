import { CircleCheck, Flag, Mail, ShieldCheck } from 'lucide-react';
import { Card } from '@/ui/card';
import { ComingSoonList } from '@/ui/coming-soon-list';
import { Notice } from '@/ui/notice';

/** `/start`: unified enrolment of an employee's device (SPEC §2: Email, OTP, Success, Finish). */
export function StartPage() {
  return (
    <Card className="space-y-6 p-8">
      <div className="space-y-2 text-center">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">Enrol your device</h1>
        <p className="text-sm text-slate-500">
          Connect this device to your organisation in a couple of minutes.
        </p>
      </div>
      <Notice>Device enrolment is not available on this server yet. It will take four steps:</Notice>
      <ComingSoonList
        items={[
          { icon: Mail, title: 'Your work email', description: 'Tell us who you are.' },
          { icon: ShieldCheck, title: 'One-time code', description: 'Enter the code we email you.' },
          {
            icon: CircleCheck,
            title: 'Device recognised',
            description: 'We match this device to your account.',
          },
          { icon: Flag, title: 'Finish', description: 'Install the management profile and you are done.' },
        ]}
      />
    </Card>
  );
}
