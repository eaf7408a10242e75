import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { detailOf, makeDevice } from '../test/harness';
import { DeviceSpecificationTab } from './device-specification-tab';

describe('the specification tab', () => {
  it("names what the companion agent reports and writes its sizes as sizes, never the agent's keys", () => {
    const device = detailOf(makeDevice(), {
      specification: {
        hostname: 'ada-mac',
        agentVersion: '1.4.0',
        cpu: 'Apple M3 Pro',
        memoryBytes: '17179869184',
        diskBytes: '536870912000',
      },
    });
    render(
      <I18nProvider i18n={i18n}>
        <DeviceSpecificationTab device={device} />
      </I18nProvider>,
    );
    const field = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(field('Memory')).toBe('16 GB');
    expect(field('Storage')).toBe('500 GB');
    expect(field('Companion agent version')).toBe('1.4.0');
    expect(field('Host name')).toBe('ada-mac');
    expect(screen.queryByText(/memoryBytes|diskBytes|agentVersion/)).not.toBeInTheDocument();
  });
});
