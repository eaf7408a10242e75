import type { CurrentUser, MfaMethod } from '@equip/domain/identity';
import { KeyRound, Mail, MessageSquareText, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { fullName } from '@/lib/format';
import { MFA_METHOD_LABELS, ROLE_LABELS } from '@/lib/labels';
import { useCurrentUser } from '@/lib/session';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { PageHeader } from '@/ui/page-header';
import { toast } from '@/ui/toast-store';
import { useSetMfaMethod } from '../api/set-mfa-method';
import { useSetupAuthenticator } from '../api/setup-authenticator';
import { AuthenticatorEnrolment } from '../components/authenticator-enrolment';
import { ConfirmIdentityDialog, type IdentityCheck } from '../components/confirm-identity-dialog';
import { RecoveryCodes } from '../components/recovery-codes';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

function MethodOption({
  icon: Icon,
  title,
  description,
  current,
  action,
}: {
  icon: typeof Mail;
  title: string;
  description: string;
  current: boolean;
  action: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          {title}
          {current ? <Badge tone="green">In use</Badge> : null}
        </p>
        <p className="text-sm text-slate-500">{description}</p>
      </div>
      <div className="shrink-0">{action}</div>
    </li>
  );
}

function TwoStepVerification({ user }: { user: CurrentUser }) {
  const current = user.mfaMethods[0] ?? null;
  const hasAuthenticator = user.mfaMethods.includes('authenticator');
  const setup = useSetupAuthenticator();
  const setMethod = useSetMfaMethod();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [check, setCheck] = useState<IdentityCheck | null>(null);
  const statusRef = useRef<HTMLHeadingElement>(null);

  function backToOverview() {
    setRecoveryCodes(null);
    setup.reset();
    requestAnimationFrame(() => statusRef.current?.focus());
  }

  /** Every change of the second factor first asks the person to confirm it is them. */
  function changeTo(method: MfaMethod | null) {
    const done =
      method === null ? 'Two-step verification is off.' : 'Two-step verification now uses codes by email.';
    setCheck({
      description:
        method === null
          ? current === 'authenticator'
            ? 'Two-step verification turns off: you will sign in with your password only. Your authenticator app and recovery codes stop working.'
            : 'Two-step verification turns off: you will sign in with your password only.'
          : current === 'authenticator'
            ? 'From now on we email you a code when you sign in. Your authenticator app and its recovery codes stop working.'
            : 'From now on we email you a code when you sign in.',
      confirmLabel: method === null ? 'Turn off' : 'Use email codes',
      confirmVariant: method === null ? 'danger' : 'primary',
      pendingLabel: 'Saving…',
      run: (proof) =>
        setMethod.mutateAsync({ method, proof }).then(() => {
          setCheck(null);
          toast({ variant: 'positive', content: done });
          requestAnimationFrame(() => statusRef.current?.focus());
        }),
    });
  }

  function startSetup() {
    setCheck({
      description:
        current === 'authenticator'
          ? 'You are about to connect a new authenticator app. The one you use now keeps working until the new one is confirmed.'
          : 'You are about to connect an authenticator app to your account.',
      confirmLabel: 'Continue',
      pendingLabel: 'Checking…',
      // The enrolment steps replace the list and take focus themselves.
      run: (proof) => setup.mutateAsync(proof).then(() => setCheck(null)),
    });
  }

  let body: ReactNode;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} email={user.email} onDone={backToOverview} />;
  } else if (setup.data) {
    body = (
      <AuthenticatorEnrolment setup={setup.data} onConfirmed={setRecoveryCodes} onCancel={backToOverview} />
    );
  } else {
    body = (
      <div className="space-y-2">
        <ul className="divide-y divide-slate-100">
          <MethodOption
            icon={Smartphone}
            title="Authenticator app"
            description="Recommended. A code from an app on your phone; works without signal. Comes with recovery codes."
            current={current === 'authenticator'}
            action={
              <Button
                variant={current === 'authenticator' ? 'secondary' : 'primary'}
                size="sm"
                onClick={startSetup}
              >
                {current === 'authenticator' ? 'Set up again' : 'Set up'}
              </Button>
            }
          />
          <MethodOption
            icon={Mail}
            title="Codes by email"
            description={`A code sent to ${user.email} each time you sign in.`}
            current={current === 'email-code'}
            action={
              current === 'email-code' ? null : (
                <Button variant="secondary" size="sm" onClick={() => changeTo('email-code')}>
                  Use email codes
                </Button>
              )
            }
          />
          {current === 'sms-code' ? (
            <MethodOption
              icon={MessageSquareText}
              title="Codes by text message"
              description="A code sent to the mobile number on your account."
              current
              action={null}
            />
          ) : null}
        </ul>
        {current ? (
          <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">
              Turning two-step verification off leaves your account protected by your password alone.
            </p>
            <Button variant="secondary" size="sm" onClick={() => changeTo(null)}>
              <ShieldOff aria-hidden="true" />
              Turn off
            </Button>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <Card className="p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2
            ref={statusRef}
            tabIndex={-1}
            id="two-step-title"
            className="text-base font-semibold text-slate-900 focus:outline-none"
          >
            Two-step verification
          </h2>
          <p className="mt-1 text-sm text-slate-500">
            After your password, Equip asks for a code, so a stolen password alone cannot open your account.
          </p>
        </div>
        {current ? (
          <Badge tone="green" className="self-start">
            <ShieldCheck aria-hidden="true" />
            On · {MFA_METHOD_LABELS[current]}
          </Badge>
        ) : (
          <Badge tone="amber" className="self-start">
            <ShieldOff aria-hidden="true" />
            Off
          </Badge>
        )}
      </div>
      <div className="mt-5 border-t border-slate-100 pt-5">{body}</div>
      <ConfirmIdentityDialog
        check={check}
        hasAuthenticator={hasAuthenticator}
        onClose={() => setCheck(null)}
      />
    </Card>
  );
}

/** `/dashboard/account`: who is signed in, and the second factor (SPEC §3 MFA methods). */
export function AccountPage() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader description="Your sign-in details and how your account is protected." />
      <Card className="p-6">
        <h2 className="text-base font-semibold text-slate-900">Profile</h2>
        <dl className="mt-3 divide-y divide-slate-100">
          <Row label="Name">{fullName(user)}</Row>
          <Row label="Email">{user.email}</Row>
          <Row label="Organisation">{user.organizationName}</Row>
          <Row label="Role">{ROLE_LABELS[user.role]}</Row>
          <Row label="Password">
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="text-slate-500">Change it with a link we email you.</span>
              <Link
                to={paths.auth.resetPassword}
                className="inline-flex items-center gap-1 rounded-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <KeyRound aria-hidden="true" className="size-4" />
                Change password
              </Link>
            </span>
          </Row>
        </dl>
      </Card>
      <TwoStepVerification user={user} />
    </div>
  );
}
