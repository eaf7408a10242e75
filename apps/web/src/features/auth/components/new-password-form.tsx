import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@equip/domain/identity';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Circle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { PasswordField } from '@/ui/password-field';

/** A new password and its confirmation (reset and invitation). The messages are the spec's and ours. */
export const NewPasswordInput = z
  .object({
    password: z
      .string()
      .min(1, 'Password is required')
      .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
    confirmPassword: z.string().min(1, 'Repeat the password to confirm it'),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords don’t match',
  });
export type NewPasswordInput = z.infer<typeof NewPasswordInput>;

/** What a new password must be, ticked off as the person types (a field's hint). */
export function PasswordRules({ password }: { password: string }) {
  const { t } = useLingui();
  const min = PASSWORD_MIN_LENGTH;
  const max = PASSWORD_MAX_LENGTH;
  const rules = [
    { label: t`At least ${min} characters`, met: password.length >= PASSWORD_MIN_LENGTH },
    {
      label: t`At most ${max} characters`,
      met: password.length <= PASSWORD_MAX_LENGTH,
      quiet: true,
    },
  ];
  return (
    <span className="mt-1 flex flex-col gap-1">
      {rules
        .filter((rule) => !rule.quiet || !rule.met)
        .map((rule) => (
          <span
            key={rule.label}
            className={cn('flex items-center gap-1.5', rule.met ? 'text-emerald-700' : 'text-slate-500')}
          >
            {rule.met ? (
              <Check aria-hidden="true" className="size-3.5" />
            ) : (
              <Circle aria-hidden="true" className="size-3.5" />
            )}
            {rule.label}
            <span className="sr-only"> {rule.met ? <Trans>(met)</Trans> : <Trans>(not met yet)</Trans>}</span>
          </span>
        ))}
      <span>
        <Trans>Longer is stronger: a few unrelated words make a good password.</Trans>
      </span>
    </span>
  );
}

export function NewPasswordForm({
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  children,
}: {
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (password: string) => void;
  /** Shown above the fields (e.g. the server's error). */
  children?: ReactNode;
}) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<NewPasswordInput>({
    resolver: zodResolver(NewPasswordInput),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = watch('password');
  const { t } = useLingui();
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={handleSubmit((values) => {
        if (!pending) onSubmit(values.password);
      })}
    >
      {children}
      <PasswordField
        label={t`New password`}
        autoComplete="new-password"
        required
        error={errors.password?.message}
        hint={<PasswordRules password={password} />}
        {...register('password')}
      />
      <PasswordField
        label={t`Confirm new password`}
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" className="w-full" loading={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
