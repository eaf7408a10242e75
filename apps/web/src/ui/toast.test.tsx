import { TOAST_DURATION_MS, TOAST_EXIT_MS, TOAST_SWIPE_THRESHOLD_PX } from '@equip/domain/notifications';
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { TOAST_PROVIDER_PROPS, ToastProvider, useToast } from './toast';
import { clearToasts, toast } from './toast-store';

/** The app's language around what the test renders (components read their words from the catalog). */
const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nProvider i18n={i18n}>{children}</I18nProvider>
);

const track = vi.hoisted(() => vi.fn());
vi.mock('@/lib/analytics', () => ({ track }));

function ShowButton() {
  const { toast: show } = useToast();
  return (
    <button type="button" onClick={() => show({ variant: 'positive', content: 'Bundle saved' })}>
      show
    </button>
  );
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    track.mockClear();
  });
  afterEach(() => {
    act(() => clearToasts());
    vi.useRealTimers();
  });

  it('uses the spec provider settings', () => {
    expect(TOAST_PROVIDER_PROPS).toEqual({ duration: 5000, swipeDirection: 'right', swipeThreshold: 50 });
    expect([TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, TOAST_EXIT_MS]).toEqual([5000, 50, 200]);
  });

  it('shows a toast from useToast and closes it after 5000 ms (plus the exit animation)', () => {
    render(
      <ToastProvider>
        <ShowButton />
      </ToastProvider>,
      { wrapper },
    );
    act(() => screen.getByRole('button', { name: 'show' }).click());
    expect(screen.getByText('Bundle saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(screen.getByText('Bundle saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100 + TOAST_EXIT_MS));
    expect(screen.queryByText('Bundle saved')).not.toBeInTheDocument();
  });

  it('can be dismissed with its close button', () => {
    render(<ToastProvider>{null}</ToastProvider>, { wrapper });
    act(() => {
      toast({ variant: 'info', content: 'Import started' });
    });
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    act(() => vi.advanceTimersByTime(TOAST_EXIT_MS));
    expect(screen.queryByText('Import started')).not.toBeInTheDocument();
  });

  it('logs only negative toasts to analytics', () => {
    render(<ToastProvider>{null}</ToastProvider>, { wrapper });
    act(() => {
      toast({ variant: 'positive', content: 'Saved' });
      toast({ variant: 'neutral', content: 'FYI' });
      toast({ variant: 'negative', content: 'Could not save' });
    });
    expect(track).toHaveBeenCalledTimes(1);
    expect(track).toHaveBeenCalledWith('Toast Shown', { variant: 'negative', content: 'Could not save' });
    expect(screen.getByText('Could not save').closest('[data-variant]')).toHaveAttribute(
      'data-variant',
      'negative',
    );
  });
});
