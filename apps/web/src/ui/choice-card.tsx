import type { InputHTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * One option of a radio group shown as a card: a title and a sentence of what choosing it means. The
 * radio input is a real one (`input`: its value, name, checked state and handlers, or a form library's
 * registration), so the group works with the keyboard and a screen reader as any radio group does.
 */
export function ChoiceCard({
  title,
  text,
  input,
}: {
  title: ReactNode;
  text: ReactNode;
  input: InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> };
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer gap-3 rounded-lg p-4 ring-1 ring-slate-200 ring-inset',
        'has-[:checked]:bg-indigo-50/60 has-[:checked]:ring-2 has-[:checked]:ring-indigo-600',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
        'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
      )}
    >
      <input
        type="radio"
        className="mt-0.5 size-4 shrink-0 accent-indigo-600 focus:outline-none"
        {...input}
      />
      <span className="space-y-1">
        <span className="block text-sm font-medium text-slate-900">{title}</span>
        <span className="block text-sm text-slate-500">{text}</span>
      </span>
    </label>
  );
}
