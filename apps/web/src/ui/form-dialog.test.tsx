import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { FormDialog } from './form-dialog';

function renderDialog(className?: string) {
  render(
    <I18nProvider i18n={i18n}>
      <FormDialog
        open
        onOpenChange={() => {}}
        title="Add a model"
        description="A model people can order."
        {...(className ? { className } : {})}
      >
        <input aria-label="Name" />
      </FormDialog>
    </I18nProvider>,
  );
  return screen.getByRole('dialog', { name: 'Add a model' });
}

describe('FormDialog', () => {
  it('is a narrow dialog by default, and as wide as a caller asks (its width replaces the default)', () => {
    expect(renderDialog()).toHaveClass('max-w-md');
    cleanup();
    const wide = renderDialog('max-w-2xl');
    expect(wide).toHaveClass('max-w-2xl');
    expect(wide).not.toHaveClass('max-w-md');
  });
});
