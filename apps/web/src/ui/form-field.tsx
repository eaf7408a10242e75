import { useLingui as useI18n } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { CircleAlert } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { cn } from '@/lib/cn';
import { translateKnownMessage } from '@/lib/i18n/known-messages';

export const inputClasses =
  'block w-full rounded-lg border-0 bg-white px-3 text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset ' +
  'placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 focus:outline-none ' +
  'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 ' +
  'aria-invalid:ring-red-400 aria-invalid:focus:ring-red-600';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode;
  /** Help text under the input (linked with aria-describedby). */
  hint?: ReactNode;
  /** The validation or server message for this field (linked, and marks the input invalid). */
  error?: string | undefined;
  /** Something to show on the label's line, at the end (e.g. a "Forgot password?" link). */
  labelAction?: ReactNode;
  /** Something inside the input, at its end (e.g. a show-password button). */
  trailing?: ReactNode;
  inputClassName?: string;
  /** `code`: a large, centred, monospaced input for one-time codes. */
  variant?: 'default' | 'code';
  ref?: Ref<HTMLInputElement>;
}

const variantClasses = {
  default: 'py-2 text-sm',
  code: 'py-2.5 text-center font-mono text-2xl tracking-[0.4em] placeholder:text-slate-300',
};

/**
 * The ids that tie a field's control to its hint and error (`aria-describedby`), for every labelled
 * field of the design system.
 */
export function useFieldIds(
  id: string | undefined,
  {
    hint,
    error,
    describedBy,
  }: { hint: ReactNode; error: string | undefined; describedBy: string | undefined },
) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const described = [errorId, hintId, describedBy].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, described };
}

/**
 * A field's error (with its icon) and hint under the control, with the ids from `useFieldIds`. Errors
 * that are the domain's English validation texts (`Required`, `Invalid email address` …) read in the
 * person's language.
 */
export function FieldMessages({
  error,
  errorId,
  hint,
  hintId,
}: {
  error: string | undefined;
  errorId: string | undefined;
  hint: ReactNode;
  hintId: string | undefined;
}) {
  useI18n(); // Re-renders in the new language when it changes.
  return (
    <>
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{translateKnownMessage(error)}</span>
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
    </>
  );
}

/** A labelled input with hint and error, both announced with the input (aria-describedby). */
export function TextField({
  id,
  label,
  hint,
  error,
  labelAction,
  trailing,
  className,
  inputClassName,
  variant = 'default',
  ref,
  'aria-describedby': describedBy,
  ...props
}: TextFieldProps) {
  const { controlId: inputId, hintId, errorId, described } = useFieldIds(id, { hint, error, describedBy });
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
          {label}
        </label>
        {labelAction}
      </div>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={cn(
            inputClasses,
            variantClasses[variant],
            trailing ? 'pr-11' : undefined,
            inputClassName,
          )}
          {...props}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>
        ) : null}
      </div>
      <FieldMessages error={error} errorId={errorId} hint={hint} hintId={hintId} />
    </div>
  );
}

/**
 * A six-digit one-time code (authenticator, email or text message): numeric keyboard, the browser's
 * one-time-code autofill, and only digits kept as the person types or pastes.
 */
export function OneTimeCodeField({
  onCodeChange,
  ...props
}: Omit<TextFieldProps, 'onChange' | 'value'> & { value: string; onCodeChange: (code: string) => void }) {
  return (
    <TextField
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={6}
      required
      placeholder="123456"
      variant="code"
      {...props}
      onChange={(event) => onCodeChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
    />
  );
}

/**
 * An email address: the email keyboard, no spelling checks or capitals, and the sign-in autofill by
 * default (`autoComplete="off"` where someone else's address is typed).
 */
export function EmailField(props: Omit<TextFieldProps, 'type'>) {
  const { t } = useLingui();
  return (
    <TextField
      type="email"
      name="email"
      autoComplete="username"
      inputMode="email"
      spellCheck={false}
      autoCapitalize="none"
      placeholder={t`name@company.com`}
      {...props}
    />
  );
}
