import { EventType } from '@equip/domain/audit-log';
import type { ShippedLocale } from '@equip/domain/locale';
import { toyArea } from '@equip/domain/test/toy-area';
import { describe, expect, it } from 'vitest';
import { API_AREAS, EVENT_WORDS } from './areas.ts';
import { defineApiArea, gatherApiAreas } from './define-area.ts';

/** The toy area's part of the API's registries, declared as a module declares its own (test-only). */
const toyApiArea = defineApiArea(toyArea, {
  eventWords: {
    en: { TOY_ADDED: 'Toy added', TOY_BROKEN: 'Toy broken' },
    de: { TOY_ADDED: 'Spielzeug hinzugefügt', TOY_BROKEN: 'Spielzeug kaputt' },
  },
});

describe("the API's areas registry", () => {
  it('names every event type of the domain in each language, in its order', () => {
    expect(Object.keys(EVENT_WORDS.en)).toEqual(EventType.options);
    expect(Object.keys(EVENT_WORDS.de)).toEqual(EventType.options);
    expect(EVENT_WORDS.de.MDM_CONNECTION_RESTORED).toBe('MDM-Serververbindung funktioniert wieder');
  });

  it('registers a toy area through the same registry', () => {
    const withToy = gatherApiAreas([...API_AREAS, toyApiArea]);
    expect(withToy.eventWords.de.TOY_BROKEN).toBe('Spielzeug kaputt');
    expect(withToy.eventWords.en.USER_ADDED).toBe('Employee added');
  });

  it('fails to compile when a module lacks a word (compile-time)', () => {
    type ToyEvent = (typeof toyArea.events)[number];
    // @ts-expect-error: the toy's module is not gathered, so its events have no words
    const without: Record<ShippedLocale, Record<EventType | ToyEvent, string>> = gatherApiAreas(
      API_AREAS,
    ).eventWords;
    expect(Object.keys(without.en)).not.toContain('TOY_ADDED');
    const german = { TOY_ADDED: 'Spielzeug hinzugefügt' };
    // @ts-expect-error: a module's declaration lacks one of its area's event types in German
    defineApiArea(toyArea, { eventWords: { en: toyApiArea.eventWords.en, de: german } });
  });
});
