import { z } from 'zod';
import { LOCALES } from './locale-rules.ts';

export * from './locale-rules.ts';

/** A language of the UI and of mail (see `locale-rules.ts`). */
export const Locale = z.enum(LOCALES);
export type Locale = z.infer<typeof Locale>;

/** An IANA time zone the runtime knows (Europe/Berlin, America/New_York …). */
export const TimeZone = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'Unknown time zone' },
);

export const SetLocaleRequest = z.object({ locale: Locale.nullable() });
export type SetLocaleRequest = z.infer<typeof SetLocaleRequest>;
