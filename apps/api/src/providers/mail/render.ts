import type { ShippedLocale } from '@equip/domain/locale';
import type { MailBody, MailParts } from './message.ts';

/**
 * Renders a mail's HTML and text parts. React Email (React, its server renderer, html-to-text) loads
 * at the first mail, not at start-up: this is the only way into `templates/`, by a dynamic import that
 * the server bundle keeps as a chunk of its own (scripts/build-server.mjs splits).
 */
export async function renderMail(locale: ShippedLocale, body: MailBody): Promise<MailParts> {
  const { renderMailParts } = await import('./templates/render.tsx');
  return renderMailParts(locale, body);
}
