import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isAuditDataField } from '@equip/domain/audit-log';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';
import { fieldLabel, isShownField, valueText } from './event-data';

const API = join(__dirname, '../../../../../api/src');

/** The fields of the event data an API source writes: `data: { … }` of every `{ type, data }` literal. */
export function loggedFields(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = new Set<string>();
  const keysOf = (literal: ts.ObjectLiteralExpression) => {
    for (const property of literal.properties) {
      if (!(ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property))) continue;
      const name = property.name.getText(file);
      found.add(name);
      if (ts.isPropertyAssignment(property) && ts.isObjectLiteralExpression(property.initializer)) {
        if (name !== 'before' && name !== 'after') keysOf(property.initializer);
      }
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const names = node.properties.map((property) => property.name?.getText(file));
      const data = node.properties.find((property) => property.name?.getText(file) === 'data');
      if (names.includes('type') && data && ts.isPropertyAssignment(data)) {
        if (ts.isObjectLiteralExpression(data.initializer)) keysOf(data.initializer);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...found];
}

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [path] : [];
  });
}

afterAll(() => activateLocale('en', 'Europe/Berlin'));

describe("events' data in the audit log", () => {
  it('finds the fields an event literal logs (planted)', () => {
    const planted = `
      logEvent(tx, { type: 'LOGIN', actorUuid, data: { ip, method: 'password', sso: { issuer, clientId } } });
      send({ data: { notAnEvent: 1 } });
      logEvent(tx, { type: 'USER_UPDATED', data: { before: { firstName }, after } });`;
    expect(loggedFields('planted.ts', planted).sort()).toEqual(
      ['after', 'before', 'clientId', 'ip', 'issuer', 'method', 'sso'].sort(),
    );
  });

  it('has every field the API logs in the shared vocabulary (which both catalogs name)', () => {
    const fields = new Set(sources(API).flatMap((path) => loggedFields(path, readFileSync(path, 'utf8'))));
    // Written through variables the literal scan cannot follow: the sign-in's audit and the webhook endpoint's fields.
    for (const field of ['ip', 'method', 'url', 'description', 'eventTypes', 'enabled']) fields.add(field);
    const unnamed = [...fields].filter((field) => isShownField(field) && !isAuditDataField(field));
    expect(unnamed).toEqual([]);
  });

  it('reads values in words and formats, in German too', async () => {
    await activateLocale('de', 'Europe/Berlin');
    expect(fieldLabel('resetQueued')).toBe('Zurücksetzen gesendet');
    expect(fieldLabel('ip')).toBe('IP-Adresse');
    expect(valueText('method', 'password')).toBe('Passwort');
    expect(valueText('status', 'in-stock')).toBe('Auf Lager');
    expect(valueText('status', 'ONBOARDING')).toBe('Onboarding');
    expect(valueText('provider', 'FLEET')).toBe('Fleet');
    expect(valueText('resetQueued', true)).toBe('Ja');
    expect(valueText('startDate', '2026-03-01')).toBe('01.03.2026');
    expect(valueText('memoryBytes', 17_179_869_184)).toBe('16 GB');
    expect(valueText('count', 1234)).toBe('1.234');
    expect(valueText('name', 'ThinkPad')).toBe('ThinkPad');
    expect(isShownField('employeeUuid')).toBe(false);
  });
});
