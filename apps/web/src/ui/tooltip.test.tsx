import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_PROVIDER_PROPS, Tooltip, TooltipProvider } from './tooltip';

describe('tooltips', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the spec delays: open after 700 ms, skip delay 300 ms', () => {
    expect(TOOLTIP_PROVIDER_PROPS).toEqual({ delayDuration: 700, skipDelayDuration: 300 });
  });

  it('opens on hover only after the 700 ms delay', () => {
    render(
      <TooltipProvider>
        <Tooltip content="Show notifications">
          <button type="button">bell</button>
        </Tooltip>
      </TooltipProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'bell' });
    act(() => {
      trigger.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }));
    });
    act(() => vi.advanceTimersByTime(690));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Show notifications');
  });
});
