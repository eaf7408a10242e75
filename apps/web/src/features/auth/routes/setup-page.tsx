import { ErrorType } from '@equip/domain/errors';
import { Email, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@equip/domain/identity';
import { CountryCode, OrganizationName, WorkingDays } from '@equip/domain/organizations';
import { InstallationKind } from '@equip/domain/setup';
import { DEFAULT_WORKING_DAYS } from '@equip/domain/weekdays';
import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Building2, Rocket, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { browserCountry, browserTimeZone, OrganizationProfileFields } from '@/features/organizations/public';
import { describeFailure } from '@/lib/api/error-message';
import { formatDateTime } from '@/lib/format';
import { i18n, localeSettings } from '@/lib/i18n/i18n';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { ChoiceCard } from '@/ui/choice-card';
import { EmailField, TextField } from '@/ui/form-field';
import { LoadError } from '@/ui/load-error';
import { PasswordField } from '@/ui/password-field';
import { Spinner } from '@/ui/spinner';
import { completeSetup, type SetupInput, setupLinkQueryOptions } from '../api/setup';
import { AuthCard } from '../components/auth-card';
import { BackToLogin } from '../components/back-to-login';
import { PasswordRules } from '../components/new-password-form';
import { TextLink } from '../components/text-link';
import { useCompleteSignIn } from '../use-complete-sign-in';

/** The form: the API's own field rules, and the password typed twice. */
const SetupForm = z
  .object({
    kind: InstallationKind,
    name: OrganizationName,
    country: CountryCode,
    timeZone: z.string().min(1),
    workingDays: WorkingDays,
    firstName: z.string().trim().min(1).max(100),
    lastName: z.string().trim().min(1).max(100),
    email: Email,
    password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, { path: ['confirmPassword'] });
type SetupForm = z.infer<typeof SetupForm>;
type Field = keyof SetupForm;

/** This form's words for each field's problem (the schema's are generic). */
const MESSAGES: Partial<Record<Field, MessageDescriptor>> = {
  name: msg`Enter the organisation’s name`,
  country: msg`Choose a country`,
  timeZone: msg`Choose a time zone`,
  workingDays: msg`Choose at least one working day`,
  firstName: msg`Enter your first name`,
  lastName: msg`Enter your last name`,
  email: msg`Enter a valid email address, like name@company.com`,
  password: msg`Use at least ${PASSWORD_MIN_LENGTH} and at most ${PASSWORD_MAX_LENGTH} characters`,
  confirmPassword: msg`The passwords don’t match`,
};
const formMessages = {
  error: (issue: { path?: PropertyKey[] }) => {
    const message = MESSAGES[issue.path?.[0] as Field];
    return message ? i18n._(message) : undefined;
  },
};

/** The form's field for the server's (`organization.workingDays.0`, `person.encryptedPassword` …). */
function formField(param: string | undefined): Field | undefined {
  const [group, field = ''] = (param ?? '').split('.');
  if (group !== 'organization' && group !== 'person') return undefined;
  const name = field === 'encryptedPassword' ? 'password' : field;
  return name in SetupForm.shape ? (name as Field) : undefined;
}

/** `/setup?token=…`: the first set-up of an installation, from the link Equip printed when it started. */
export function SetupPage() {
  const { t } = useLingui();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const link = useQuery({ ...setupLinkQueryOptions(token ?? ''), enabled: Boolean(token) });

  if (!token)
    return (
      <LinkProblem
        title={t`This set-up link is incomplete`}
        text={t`Copy the whole link Equip printed when it started, or restart Equip to print a new one.`}
      />
    );
  if (link.isPending)
    return (
      <Card className="flex items-center justify-center gap-3 p-8 text-sm text-slate-600">
        <Spinner />
        <Trans>Checking your set-up link…</Trans>
      </Card>
    );
  if (link.isError) {
    const failure = describeFailure(link.error);
    if (failure.errorType === ErrorType.InvalidToken) return <InvalidLink />;
    if (failure.status === 409) return <AlreadySetUp />;
    return (
      <Card className="p-8">
        <LoadError
          title={t`Your set-up link could not be checked`}
          error={link.error}
          fallback={t`Please try again.`}
          retrying={link.isFetching}
          onRetry={() => void link.refetch()}
        />
      </Card>
    );
  }
  return <SetupFormCard token={token} expiresAt={link.data.expiresAt} />;
}

function LinkProblem({ title, text }: { title: string; text: string }) {
  return (
    <AuthCard title={title} icon={TriangleAlert} iconTone="red" footer={<BackToLogin />}>
      <p className="text-center text-sm text-slate-600">{text}</p>
    </AuthCard>
  );
}

function InvalidLink() {
  const { t } = useLingui();
  return (
    <LinkProblem
      title={t`This set-up link doesn’t work any more`}
      text={t`A set-up link works once and for 24 hours. Restart Equip to print a new one; once Equip is set up, sign in instead.`}
    />
  );
}

function AlreadySetUp() {
  const { t } = useLingui();
  return (
    <AuthCard
      title={t`Equip is already set up`}
      icon={ShieldCheck}
      iconTone="emerald"
      description={t`Someone has set up this installation. Sign in with your account, or ask its IT owner to invite you.`}
    >
      <div className="text-center">
        <TextLink to={paths.auth.login()}>
          <Trans>Go to sign in</Trans>
        </TextLink>
      </div>
    </AuthCard>
  );
}

const KINDS: { kind: InstallationKind; title: MessageDescriptor; text: MessageDescriptor }[] = [
  {
    kind: 'organization',
    title: msg`For my organisation`,
    text: msg`You become its IT owner and can invite colleagues to help.`,
  },
  {
    kind: 'provider',
    title: msg`For several organisations`,
    text: msg`You become a provider admin: you run Equip, act for each organisation and add the others later.`,
  },
];

function SetupFormCard({ token, expiresAt }: { token: string; expiresAt: string }) {
  const { t } = useLingui();
  const completeSignIn = useCompleteSignIn(undefined);
  const [problem, setProblem] = useState<'invalid' | 'set-up' | null>(null);
  const [formError, setFormError] = useState<string>();
  const setup = useMutation({ mutationFn: completeSetup, onSuccess: completeSignIn });
  const form = useForm<SetupForm>({
    resolver: zodResolver(SetupForm, formMessages),
    defaultValues: {
      kind: 'organization',
      name: '',
      country: browserCountry(),
      timeZone: browserTimeZone(),
      workingDays: [...DEFAULT_WORKING_DAYS],
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
    },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const kind = form.watch('kind');
  const password = form.watch('password');

  const onSubmit = form.handleSubmit(async (values) => {
    if (setup.isPending) return;
    setFormError(undefined);
    const input: SetupInput = {
      token,
      kind: values.kind,
      organization: {
        name: values.name,
        country: values.country,
        timeZone: values.timeZone,
        workingDays: values.workingDays,
      },
      person: {
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        password: values.password,
        // Mail to them goes out in the language of this page.
        locale: localeSettings().locale,
      },
    };
    try {
      await setup.mutateAsync(input);
    } catch (error) {
      const failure = describeFailure<Field>(error, {
        fallback: t`Equip could not be set up. Please try again.`,
        field: ({ param }) => formField(param),
      });
      if (failure.errorType === ErrorType.InvalidToken) return setProblem('invalid');
      if (failure.status === 409 && failure.errorType !== ErrorType.EmailIsUsed) return setProblem('set-up');
      for (const [field, message] of Object.entries(failure.fields) as [Field, string][])
        form.setError(field, { type: 'server', message }, { shouldFocus: true });
      if (failure.message) setFormError(failure.message);
    }
  });

  if (problem === 'invalid') return <InvalidLink />;
  if (problem === 'set-up') return <AlreadySetUp />;
  const until = formatDateTime(expiresAt);
  const busy = setup.isPending || setup.isSuccess;
  return (
    <Card className="overflow-hidden shadow-sm">
      <form noValidate onSubmit={onSubmit} aria-labelledby="setup-title" className="space-y-8 p-6 sm:p-8">
        <div className="space-y-2 text-center">
          <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
            <Rocket aria-hidden="true" className="size-6" />
          </span>
          <h1 id="setup-title" className="text-xl font-semibold tracking-tight text-slate-900">
            <Trans>Set up Equip</Trans>
          </h1>
          <p className="text-sm text-slate-500">
            <Trans>
              Create the first organisation and the account you sign in with. This link works once, until{' '}
              <time dateTime={expiresAt}>{until}</time>.
            </Trans>
          </p>
        </div>
        {formError ? <Alert variant="error">{formError}</Alert> : null}

        <fieldset className="space-y-3" disabled={busy}>
          <legend className="text-base font-semibold text-slate-900">
            <Trans>How will you use Equip?</Trans>
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {KINDS.map((option) => (
              <ChoiceCard
                key={option.kind}
                title={i18n._(option.title)}
                text={i18n._(option.text)}
                input={{ value: option.kind, ...form.register('kind') }}
              />
            ))}
          </div>
        </fieldset>

        <fieldset className="space-y-4" disabled={busy}>
          <legend className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <Building2 aria-hidden="true" className="size-5 text-slate-400" />
            {kind === 'provider' ? <Trans>The first organisation</Trans> : <Trans>Your organisation</Trans>}
          </legend>
          {kind === 'provider' ? (
            <p className="text-sm text-slate-500">
              <Trans>You act for it first; you add the other organisations once you are signed in.</Trans>
            </p>
          ) : null}
          <OrganizationProfileFields
            form={form}
            registered={{ name: form.register('name'), country: form.register('country') }}
            nameLabel={t`Organisation name`}
            nameAutoComplete="organization"
            timeZoneHint={t`Dates and times are shown in it for everyone in the organisation.`}
            disabled={busy}
          />
        </fieldset>

        <fieldset className="space-y-4" disabled={busy}>
          <legend className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <ShieldCheck aria-hidden="true" className="size-5 text-slate-400" />
            {kind === 'provider' ? (
              <Trans>Your provider admin account</Trans>
            ) : (
              <Trans>Your IT owner account</Trans>
            )}
          </legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t`First name`}
              autoComplete="given-name"
              required
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextField
              label={t`Last name`}
              autoComplete="family-name"
              required
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
          </div>
          <EmailField
            label={t`Work email`}
            required
            hint={t`You sign in with it. It can belong to one Equip account only.`}
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordField
            label={t`Password`}
            autoComplete="new-password"
            required
            error={errors.password?.message}
            hint={<PasswordRules password={password} />}
            {...form.register('password')}
          />
          <PasswordField
            label={t`Confirm password`}
            autoComplete="new-password"
            required
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
        </fieldset>

        <Button type="submit" className="w-full" loading={busy}>
          {busy ? <Trans>Setting up…</Trans> : <Trans>Set up Equip</Trans>}
        </Button>
      </form>
    </Card>
  );
}
