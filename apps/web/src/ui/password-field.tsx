import { useLingui } from '@lingui/react/macro';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { TextField, type TextFieldProps } from './form-field';

/** A password input with a show/hide button (the button keeps its name; aria-pressed tells the state). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="none"
      trailing={
        <button
          type="button"
          aria-label={t`Show password`}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
          className="inline-flex size-9 items-center justify-center rounded-md text-slate-400 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-4" />
          ) : (
            <Eye aria-hidden="true" className="size-4" />
          )}
        </button>
      }
    />
  );
}
