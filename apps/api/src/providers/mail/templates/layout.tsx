/** @jsxRuntime automatic @jsxImportSource react */
import type { ShippedLocale } from '@equip/domain/locale';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties } from 'react';
import { LAYOUT_TEXTS } from '../layout-texts.ts';
import type { MailBody } from '../message.ts';

/**
 * Marks the call to action's link for the text part (see `render.tsx`): there it is written as
 * "label:" and the address on the next line, and the HTML-only fallback line is left out.
 */
export const ACTION_ATTRIBUTE = 'data-mail-action';

/**
 * The one layout of every mail: Equip's name, the heading, the paragraphs, a one-time code or a
 * button with the plain link below it (for clients that block buttons), and a footer saying why the
 * person got the mail. Styles are inline: mail clients drop style sheets.
 */
export function MailLayout({ locale, body }: { locale: ShippedLocale; body: MailBody }) {
  const t = LAYOUT_TEXTS[locale];
  return (
    <Html lang={locale}>
      <Head />
      <Preview>{body.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={brand}>Equip</Text>
          <Heading as="h1" style={heading}>
            {body.heading}
          </Heading>
          {body.paragraphs.map((paragraph) => (
            <Text key={paragraph} style={text}>
              {paragraph}
            </Text>
          ))}
          {body.code ? <Text style={code}>{body.code}</Text> : null}
          {body.action ? (
            <Section style={actionSection}>
              <Button href={body.action.url} style={button} {...{ [ACTION_ATTRIBUTE]: 'true' }}>
                {body.action.label}
              </Button>
              <Text style={fallback} data-skip-in-text="true">
                {t.linkFallback}
                <br />
                <Link href={body.action.url} style={plainLink}>
                  {body.action.url}
                </Link>
              </Text>
            </Section>
          ) : null}
          {(body.after ?? []).map((paragraph) => (
            <Text key={paragraph} style={text}>
              {paragraph}
            </Text>
          ))}
          <Hr style={rule} />
          <Text style={footer}>{body.reason}</Text>
        </Container>
      </Body>
    </Html>
  );
}

// Equip's colours (the web app's slate and indigo); white on indigo-600 has a contrast of 6.3:1.
const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';
const page: CSSProperties = { backgroundColor: '#f8fafc', fontFamily: font, margin: 0, padding: '24px 0' };
const card: CSSProperties = {
  backgroundColor: '#ffffff',
  border: '1px solid #e2e8f0',
  borderRadius: '8px',
  maxWidth: '560px',
  padding: '32px',
};
const brand: CSSProperties = { color: '#4f46e5', fontSize: '18px', fontWeight: 700, margin: '0 0 24px' };
const heading: CSSProperties = { color: '#0f172a', fontSize: '22px', lineHeight: '30px', margin: '0 0 16px' };
const text: CSSProperties = { color: '#0f172a', fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' };
const code: CSSProperties = {
  backgroundColor: '#f1f5f9',
  borderRadius: '6px',
  color: '#0f172a',
  fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
  fontSize: '28px',
  fontWeight: 700,
  letterSpacing: '6px',
  lineHeight: '36px',
  margin: '8px 0 24px',
  padding: '12px 16px',
  textAlign: 'center',
};
const actionSection: CSSProperties = { margin: '8px 0 24px' };
const button: CSSProperties = {
  backgroundColor: '#4f46e5',
  borderRadius: '6px',
  color: '#ffffff',
  fontSize: '15px',
  fontWeight: 600,
  padding: '12px 20px',
  textDecoration: 'none',
};
const fallback: CSSProperties = {
  color: '#475569',
  fontSize: '13px',
  lineHeight: '20px',
  margin: '16px 0 0',
};
const plainLink: CSSProperties = { color: '#4338ca', wordBreak: 'break-all' };
const rule: CSSProperties = { borderColor: '#e2e8f0', margin: '24px 0 16px' };
const footer: CSSProperties = { color: '#64748b', fontSize: '13px', lineHeight: '20px', margin: 0 };
