/** @jsxRuntime automatic @jsxImportSource react */
import type { ShippedLocale } from '@equip/domain/locale';
import { render, toPlainText } from '@react-email/render';
import type { FormatCallback, HtmlToTextOptions } from 'html-to-text';
import type { MailBody, MailParts } from '../message.ts';
import { ACTION_ATTRIBUTE, MailLayout } from './layout.tsx';

/** The call to action in the text part: its label, then the address alone on the next line. */
const mailAction: FormatCallback = (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 2 });
  walk(elem.children, builder);
  builder.addInline(':');
  builder.addLineBreak();
  builder.addInline(String(elem.attribs?.href ?? ''), { noWordTransform: true });
  builder.closeBlock({ trailingLineBreaks: 2 });
};

/** React Email's own selectors (preview and fallback line skipped, bare links once) plus these. */
const TEXT_OPTIONS: HtmlToTextOptions = {
  formatters: { mailAction },
  selectors: [
    { selector: 'h1', options: { uppercase: false, leadingLineBreaks: 2 } },
    { selector: `a[${ACTION_ATTRIBUTE}]`, format: 'mailAction' },
  ],
};

/**
 * Placeholders for a body's texts: private-use characters that React and html-to-text pass through as
 * they are, numbered in the order the texts are met.
 */
const SLOT = /\uE000(\d+)\uE001/g;

/** Every string in a value, mapped (the body's texts; its shape stays). */
function mapTexts<T>(value: T, map: (text: string) => string): T {
  if (typeof value === 'string') return map(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => mapTexts(item, map)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapTexts(item, map)])) as T;
  return value;
}

/** What React writes for a text in HTML (content and attributes alike). */
const HTML_ESCAPES: Record<string, string> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
};
const escapeHtml = (text: string) => text.replace(/["&'<>]/g, (char) => HTML_ESCAPES[char] ?? char);

/**
 * Each shape of mail (a language, its preview, which parts it has) rendered once, with placeholders
 * for its texts: a thousand reminders cost one render and a thousand string fills (a render is ~30 ms).
 */
const rendered = new Map<string, MailParts>();
const MAX_SHAPES = 200;

async function renderShape(locale: ShippedLocale, skeleton: MailBody): Promise<MailParts> {
  const key = `${locale}\n${JSON.stringify(skeleton)}`;
  const known = rendered.get(key);
  if (known) return known;
  const html = await render(<MailLayout locale={locale} body={skeleton} />);
  const parts = { html, text: toPlainText(html, TEXT_OPTIONS).trim() };
  if (rendered.size >= MAX_SHAPES) rendered.clear();
  rendered.set(key, parts);
  return parts;
}

/**
 * A mail's HTML part and its text part, both from the one layout: the text is the rendered HTML
 * written out as text, so they cannot disagree. The body's texts go into its shape's rendering,
 * escaped as React escapes them in the HTML and as they are in the text.
 */
export async function renderMailParts(locale: ShippedLocale, body: MailBody): Promise<MailParts> {
  const texts: string[] = [];
  // The preview stays as it is: React Email cuts and pads it by its length.
  const { preview, ...rest } = body;
  const skeleton = { ...mapTexts(rest, (text) => `\uE000${texts.push(text) - 1}\uE001`), preview };
  const parts = await renderShape(locale, skeleton);
  const fill = (rendering: string, write: (text: string) => string) =>
    rendering.replace(SLOT, (_slot, index: string) => write(texts[Number(index)] ?? ''));
  return { html: fill(parts.html, escapeHtml), text: fill(parts.text, (text) => text) };
}
