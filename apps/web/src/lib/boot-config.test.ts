import type { BootConfig } from '@equip/domain/boot';
import { BOOT_ELEMENT_ID, DEFAULT_BOOT_CONFIG } from '@equip/domain/boot-rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBootConfig } from './boot-config';

function pageWith(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('Equip');
  if (content !== null) {
    const script = doc.createElement('script');
    script.id = BOOT_ELEMENT_ID;
    script.type = 'application/json';
    script.textContent = content;
    doc.head.append(script);
  }
  return doc;
}

const served: BootConfig = {
  apiUrls: { platform: '/api', bundle: '/bundle-api', webapp: '' },
  flags: { 'it-2871-suggested-bundles': 'on' },
  experiment: { mocked: false, deploymentKey: 'client-key', proxyUrl: '/experiment' },
  analytics: { writeKey: 'wk', apiHost: '/segment/v1', cdnUrl: '/segment-cdn' },
  helpDeskUrl: 'https://help.example.com/new',
  urls: {
    platform: 'https://app.example.com',
    enrolment: 'https://enrol.example.com',
    companion: 'https://get.example.com',
    marketing: 'https://example.com',
    support: 'https://help.example.com',
  },
};

describe('readBootConfig', () => {
  afterEach(() => vi.restoreAllMocks());

  it('parses the JSON the server wrote', () => {
    expect(readBootConfig(pageWith(JSON.stringify(served)))).toEqual(served);
  });

  it('falls back to the defaults for the dev server placeholder or a missing tag', () => {
    expect(readBootConfig(pageWith('{}'))).toBe(DEFAULT_BOOT_CONFIG);
    expect(readBootConfig(pageWith(''))).toBe(DEFAULT_BOOT_CONFIG);
    expect(readBootConfig(pageWith(null))).toBe(DEFAULT_BOOT_CONFIG);
  });

  it('falls back to the defaults and lists the problems for invalid content', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readBootConfig(pageWith('{not json'))).toBe(DEFAULT_BOOT_CONFIG);
    expect(readBootConfig(pageWith(JSON.stringify({ ...served, helpDeskUrl: 42 })))).toBe(
      DEFAULT_BOOT_CONFIG,
    );
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[1]?.[0])).toContain('helpDeskUrl');
  });
});
