import { formatCount, type ImportLimits, maxRowChars } from './limits.ts';

/**
 * A file-level refusal: the whole file cannot be imported. Errors of the header row carry the
 * format's own types (its `headerErrors`); any other refusal (encoding, bounds of the data rows,
 * merged lines) is FILE_ERROR.
 */
export interface ImportFileError {
  type: string;
  message: string;
}

/** The type of a file refusal that is not about the header row, whatever the format. */
export const FILE_ERROR = 'UnknownError';

/**
 * The types a format gives its header errors (SPEC §8 names them per format): `missing` when the file
 * has no header row or lacks a required column, `invalid` when a header is not one the format reads.
 */
export interface HeaderErrorTypes {
  missing: string;
  invalid: string;
}

/** What the bounds checks need of a format. */
export interface FileRules {
  limits: ImportLimits;
  headerErrors: HeaderErrorTypes;
}

/** The separators a file may use (those Papa Parse would guess from), the comma first. */
export const SEPARATORS = [',', ';', '\t', '|', '\u001e', '\u001f'];
const BLANK_LINE_CHARACTERS = new Set([...SEPARATORS, '"', ' ', '\u00a0', '\uFEFF']);

/** The separators an export may be written with (the `separator` query parameter). */
export const EXPORT_SEPARATORS = { comma: ',', semicolon: ';' } as const;
export type ExportSeparator = keyof typeof EXPORT_SEPARATORS;

/**
 * The separator a person's spreadsheet expects: where the decimal mark is a comma (German, French,
 * Italian, Spanish Excel), CSV cells are separated by semicolons.
 */
export function separatorForLocale(locale: string | null | undefined): ExportSeparator {
  const language = locale?.toLowerCase().split(/[-_]/)[0] ?? '';
  return ['de', 'fr', 'it', 'es', 'nl', 'pt', 'da', 'fi', 'sv', 'nb', 'pl', 'cs'].includes(language)
    ? 'semicolon'
    : 'comma';
}

const rowBounds = (limits: ImportLimits) =>
  `Rows can have at most ${formatCount(limits.columns)} columns of at most ${formatCount(limits.cellLength)} characters each.`;

/** Bounds errors in the header row are header errors (the format's `invalid`). */
const boundsErrorType = (isHeader: boolean, rules: FileRules): string =>
  isHeader ? rules.headerErrors.invalid : FILE_ERROR;

export const tooManyColumns = (line: number, isHeader: boolean, rules: FileRules): ImportFileError => ({
  type: boundsErrorType(isHeader, rules),
  message: `Line ${line} has more than ${formatCount(rules.limits.columns)} columns. ${rowBounds(rules.limits)}`,
});

export function cellTooLong(
  line: number,
  column: number,
  isHeader: boolean,
  rules: FileRules,
): ImportFileError {
  const { limits } = rules;
  return {
    type: boundsErrorType(isHeader, rules),
    message: `Line ${line} has a cell longer than ${formatCount(limits.cellLength)} characters (column ${column}). ${rowBounds(limits)}`,
  };
}

/** A row that ran past maxRowChars before it ended (the server stops reading there). */
export function rowTooLargeError(line: number, limits: ImportLimits): ImportFileError {
  return {
    type: FILE_ERROR,
    message: `Line ${line} starts a row of more than ${formatCount(maxRowChars(limits))} characters. ${rowBounds(limits)}`,
  };
}

export interface CsvHeaderScan {
  /** The separator the header row uses most outside quotes (a comma when it uses none). */
  delimiter: string;
  /** Set when the header has more columns than allowed: the file is refused. */
  error: ImportFileError | null;
}

/**
 * Looks at the header row (the first line that is not blank) in the text itself, before a parser has
 * built a row of a million cells from it: it refuses a header with too many columns, and chooses the
 * delimiter the browser and the server parse the file with (the one the header uses most outside
 * quotes: a comma, a semicolon as German Excel writes, a tab…; so blank lines cannot throw the choice
 * off as they can Papa Parse's guess). For the bound it counts every separator, quoted or not, so it
 * refuses only what parsing refuses too. It reads at most maxRowChars characters: a first line longer
 * than that is refused as too large; a header that starts later is left to the parser (with a comma).
 */
export function scanCsvHeader(text: string, rules: FileRules): CsvHeaderScan {
  const { limits } = rules;
  // Separators on the current line by character code (all are below 128): all of them, and unquoted.
  const all = new Uint32Array(128);
  const unquoted = new Uint32Array(128);
  let line = 1;
  let content = false;
  let headerEnded = false;
  let quoted = false;
  const longest = maxRowChars(limits);
  const end = Math.min(text.length, longest);
  const refuse = (error: ImportFileError): CsvHeaderScan => ({ delimiter: ',', error });
  for (let i = 0; i < end; i++) {
    const c = text[i]!;
    if (c === '\n' || c === '\r') {
      headerEnded = content;
      if (headerEnded) break;
      if (c === '\r' && text[i + 1] === '\n') i++;
      line++;
      all.fill(0);
      unquoted.fill(0);
      quoted = false;
    } else if (c === '"') quoted = !quoted;
    else if (SEPARATORS.includes(c)) {
      const code = c.charCodeAt(0);
      if (++all[code]! >= limits.columns) return refuse(tooManyColumns(line, true, rules));
      if (!quoted) unquoted[code]!++;
    } else if (!content && !BLANK_LINE_CHARACTERS.has(c)) content = true;
  }
  if (line === 1 && !headerEnded && text.length > longest) return refuse(rowTooLargeError(1, limits));
  let delimiter = ',';
  for (const separator of SEPARATORS)
    if (unquoted[separator.charCodeAt(0)]! > unquoted[delimiter.charCodeAt(0)]!) delimiter = separator;
  return { delimiter, error: null };
}

/** Cells our export guarded against formula injection come back without the guard. */
export function unguardCell(value: string): string {
  return /^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/**
 * Cells starting with = + - @, tab or CR are prefixed with ' so spreadsheets do not run them (as are
 * cells that merely look guarded already, so that unguarding restores every value exactly).
 */
export function guardCell(value: string): string {
  return /^'*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * Writes rows as CSV for spreadsheets: every cell formula-guarded, quoted where needed, CRLF line
 * ends. Without the byte-order mark (the download adds it: see CSV_BOM).
 */
export function toCsv(rows: readonly (readonly string[])[], separator = ','): string {
  const special = new RegExp(`["\\n\\r${separator === '\t' ? '\\t' : separator}]`);
  const quote = (value: string) => {
    const guarded = guardCell(value);
    return special.test(guarded) || guarded !== guarded.trim() ? `"${guarded.replace(/"/g, '""')}"` : guarded;
  };
  if (rows.length === 0) return '';
  return `${rows.map((row) => row.map(quote).join(separator)).join('\r\n')}\r\n`;
}

/** Excel reads a CSV as UTF-8 only when it starts with this. */
export const CSV_BOM = '\uFEFF';
