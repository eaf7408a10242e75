import type { CurrentUser, MfaMethod } from '@equip/domain/identity';
import { Locale } from '@equip/domain/locale';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  KeyRound,
  Languages,
  Mail,
  MessageSquareText,
  ShieldCheck,
  ShieldOff,
  Smartphone,
} from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/error-message';
import { fullName } from '@/lib/format';
import { ROLE_LABELS } from '@/lib/role-labels';
import { useCurrentUser } from '@/lib/session';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { LANGUAGE_NAMES } from '@/ui/language-select';
import { PageHeader } from '@/ui/page-header';
import { SelectField } from '@/ui/select-field';
import { toast } from '@/ui/toast-store';
import { useSetLocale } from '../api/set-locale';
import { useSetMfaMethod } from '../api/set-mfa-method';
import { useSetupAuthenticator } from '../api/setup-authenticator';
import { AuthenticatorEnrolment } from '../components/authenticator-enrolment';
import { ConfirmIdentityDialog, type IdentityCheck } from '../components/confirm-identity-dialog';
import { RecoveryCodes } from '../components/recovery-codes';
import { MFA_METHOD_LABELS } from '../lib/mfa-method-labels';

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
          {current ? (
            <Badge tone="green">
              <Trans>In use</Trans>
            </Badge>
          ) : null}
        </p>
        <p className="text-sm text-slate-500">{description}</p>
      </div>
      <div className="shrink-0">{action}</div>
    </li>
  );
}

function TwoStepVerification({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
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
      method === null ? t`Two-step verification is off.` : t`Two-step verification now uses codes by email.`;
    setCheck({
      description:
        method === null
          ? current === 'authenticator'
            ? t`Two-step verification turns off: you will sign in with your password only. Your authenticator app and recovery codes stop working.`
            : t`Two-step verification turns off: you will sign in with your password only.`
          : current === 'authenticator'
            ? t`From now on we email you a code when you sign in. Your authenticator app and its recovery codes stop working.`
            : t`From now on we email you a code when you sign in.`,
      confirmLabel: method === null ? t`Turn off` : t`Use email codes`,
      confirmVariant: method === null ? 'danger' : 'primary',
      pendingLabel: t`Saving…`,
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
          ? t`You are about to connect a new authenticator app. The one you use now keeps working until the new one is confirmed.`
          : t`You are about to connect an authenticator app to your account.`,
      confirmLabel: t`Continue`,
      pendingLabel: t`Checking…`,
      // The enrolment steps replace the list and take focus themselves.
      run: (proof) => setup.mutateAsync(proof).then(() => setCheck(null)),
    });
  }

  const email = user.email;
  const currentLabel = current ? MFA_METHOD_LABELS[current] : '';
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
            title={MFA_METHOD_LABELS.authenticator}
            description={t`Recommended. A code from an app on your phone; works without signal. Comes with recovery codes.`}
            current={current === 'authenticator'}
            action={
              <Button
                variant={current === 'authenticator' ? 'secondary' : 'primary'}
                size="sm"
                onClick={startSetup}
              >
                {current === 'authenticator' ? <Trans>Set up again</Trans> : <Trans>Set up</Trans>}
              </Button>
            }
          />
          <MethodOption
            icon={Mail}
            title={MFA_METHOD_LABELS['email-code']}
            description={t`A code sent to ${email} each time you sign in.`}
            current={current === 'email-code'}
            action={
              current === 'email-code' ? null : (
                <Button variant="secondary" size="sm" onClick={() => changeTo('email-code')}>
                  <Trans>Use email codes</Trans>
                </Button>
              )
            }
          />
          {current === 'sms-code' ? (
            <MethodOption
              icon={MessageSquareText}
              title={MFA_METHOD_LABELS['sms-code']}
              description={t`A code sent to the mobile number on your account.`}
              current
              action={null}
            />
          ) : null}
        </ul>
        {current ? (
          <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">
              <Trans>
                Turning two-step verification off leaves your account protected by your password alone.
              </Trans>
            </p>
            <Button variant="secondary" size="sm" onClick={() => changeTo(null)}>
              <ShieldOff aria-hidden="true" />
              <Trans>Turn off</Trans>
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
            <Trans>Two-step verification</Trans>
          </h2>
          <p className="mt-1 text-sm text-slate-500">
            <Trans>
              After your password, Equip asks for a code, so a stolen password alone cannot open your account.
            </Trans>
          </p>
        </div>
        {current ? (
          <Badge tone="green" className="self-start">
            <ShieldCheck aria-hidden="true" />
            <Trans>On · {currentLabel}</Trans>
          </Badge>
        ) : (
          <Badge tone="amber" className="self-start">
            <ShieldOff aria-hidden="true" />
            <Trans>Off</Trans>
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

const BROWSER_DEFAULT = 'browser';

/** The language the person reads Equip in, stored on their user; "Browser default" follows the browser. */
function LanguageSetting({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const setLocale = useSetLocale();
  const options = [
    { value: BROWSER_DEFAULT, label: t`Browser default` },
    ...Locale.options.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] })),
  ];
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Languages aria-hidden="true" className="size-5 text-slate-400" />
        <Trans>Language</Trans>
      </h2>
      <SelectField
        className="mt-3 max-w-xs"
        label={t`Language`}
        hint={t`Dates and numbers follow the language; times are shown in your organisation’s time zone.`}
        options={options}
        value={user.locale ?? BROWSER_DEFAULT}
        disabled={setLocale.isPending}
        error={
          setLocale.isError ? errorMessage(setLocale.error, t`The language could not be saved.`) : undefined
        }
        onChange={(event) => {
          const chosen = Locale.safeParse(event.target.value);
          setLocale.mutate(chosen.success ? chosen.data : null, {
            onSuccess: () => toast({ variant: 'positive', content: t`Language saved.` }),
          });
        }}
      />
    </Card>
  );
}

/** `/dashboard/account`: who is signed in, the language, and the second factor (SPEC §3 MFA methods). */
export function AccountPage() {
  const { t } = useLingui();
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader description={t`Your sign-in details and how your account is protected.`} />
      <Card className="p-6">
        <h2 className="text-base font-semibold text-slate-900">
          <Trans>Profile</Trans>
        </h2>
        <dl className="mt-3 divide-y divide-slate-100">
          <Row label={t`Name`}>{fullName(user)}</Row>
          <Row label={t`Email`}>{user.email}</Row>
          <Row label={t`Organisation`}>{user.organizationName}</Row>
          <Row label={t`Role`}>{ROLE_LABELS[user.role]}</Row>
          <Row label={t`Password`}>
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="text-slate-500">
                <Trans>Change it with a link we email you.</Trans>
              </span>
              <Link
                to={paths.auth.resetPassword}
                className="inline-flex items-center gap-1 rounded-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <KeyRound aria-hidden="true" className="size-4" />
                <Trans>Change password</Trans>
              </Link>
            </span>
          </Row>
        </dl>
      </Card>
      <LanguageSetting user={user} />
      <TwoStepVerification user={user} />
    </div>
  );
}
