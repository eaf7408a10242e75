import { KeyRound, MailCheck } from 'lucide-react';
import { ComingSoonList } from '@/ui/coming-soon-list';
import { Notice } from '@/ui/notice';
import { AuthCard } from '../components/auth-card';
import { BackToLogin } from '../components/back-to-login';

export function ResetPasswordPage() {
  return (
    <AuthCard
      title="Reset your password"
      description="Get a link by email and choose a new password."
      footer={<BackToLogin />}
    >
      <Notice>Password reset is not available on this server yet. It will work like this:</Notice>
      <ComingSoonList
        items={[
          {
            icon: MailCheck,
            title: 'Request a link',
            description: 'Enter your work email and we send a reset link.',
          },
          {
            icon: KeyRound,
            title: 'Choose a new password',
            description: 'Open the link and set a new password.',
          },
        ]}
      />
    </AuthCard>
  );
}
