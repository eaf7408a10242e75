import { z } from 'zod';
import { defineArea } from '../define-area.ts';

/** The outbox: every mail and text message Equip sends, kept as rows (its events are its areas'). */
export const outboxArea = defineArea({
  name: 'outbox',
  events: [],
  jobs: {
    /** Sends one mail of the outbox over SMTP (the row is the mail; the job only carries its id). */
    'mail.send': z.object({ outboxUuid: z.uuid() }),
  },
});
