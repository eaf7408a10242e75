/**
 * What an uploaded file is, from its bytes, with the same answer in the browser and on the server:
 * CSV text in one of the encodings spreadsheets write, an Excel workbook (a zip), or something that
 * cannot be imported (a PDF, another binary file), refused with a message that says what to do.
 */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export type FileKind =
  | { kind: 'text'; encoding: TextEncoding /** Bytes of the byte-order mark to skip. */; bom: number }
  | { kind: 'xlsx' }
  | { kind: 'refused'; message: string };

const hasPrefix = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);

export const NOT_A_SPREADSHEET_MESSAGE =
  'This file is not a CSV text file. Export it from your spreadsheet as CSV and try again.';
export const PDF_MESSAGE =
  'This is a PDF, not a CSV file. Export the list from your spreadsheet as CSV or Excel (.xlsx).';
export const ZIP_NOT_XLSX_MESSAGE =
  'This is a zipped file but not an Excel workbook (.xlsx). In your spreadsheet app choose File → Save as → CSV (UTF-8) or Excel workbook and upload that file.';

/** Bytes looked at to tell UTF-16 without a byte-order mark. */
const SNIFF_BYTES = 4096;

/** UTF-16 without a BOM: text of the Latin alphabet has a zero in every other byte. */
function utf16WithoutBom(bytes: Uint8Array): TextEncoding | null {
  const end = Math.min(bytes.length, SNIFF_BYTES) & ~1;
  if (end < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < end; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = end / 2;
  if (oddZeros > pairs * 0.9 && evenZeros === 0) return 'utf-16le';
  if (evenZeros > pairs * 0.9 && oddZeros === 0) return 'utf-16be';
  return null;
}

/** Whether the bytes are valid UTF-8 (the server passes node's fast `isUtf8`). */
export function isUtf8ByDecoding(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * UTF-8 (with or without BOM), UTF-16 LE or BE (with a BOM, or Latin text without one), else
 * Windows-1252 (Excel's default for "CSV" on Windows); a zip is read as an Excel workbook; PDFs and
 * other binary files are refused.
 */
export function sniffFile(
  bytes: Uint8Array,
  isUtf8: (bytes: Uint8Array) => boolean = isUtf8ByDecoding,
): FileKind {
  if (hasPrefix(bytes, [0xef, 0xbb, 0xbf])) return { kind: 'text', encoding: 'utf-8', bom: 3 };
  if (hasPrefix(bytes, [0xff, 0xfe])) return { kind: 'text', encoding: 'utf-16le', bom: 2 };
  if (hasPrefix(bytes, [0xfe, 0xff])) return { kind: 'text', encoding: 'utf-16be', bom: 2 };
  if (hasPrefix(bytes, [0x50, 0x4b, 0x03, 0x04])) return { kind: 'xlsx' };
  if (hasPrefix(bytes, [0x25, 0x50, 0x44, 0x46])) return { kind: 'refused', message: PDF_MESSAGE };
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return { kind: 'text', encoding: utf16, bom: 0 };
  if (bytes.includes(0)) return { kind: 'refused', message: NOT_A_SPREADSHEET_MESSAGE };
  return { kind: 'text', encoding: isUtf8(bytes) ? 'utf-8' : 'windows-1252', bom: 0 };
}

/** Decodes text of a sniffed encoding in one go (the browser; the server decodes in slices). */
export function decodeText(bytes: Uint8Array, kind: Extract<FileKind, { kind: 'text' }>): string {
  return new TextDecoder(kind.encoding).decode(bytes.subarray(kind.bom)).replace(/^\uFEFF/, '');
}

/** A note for the person importing when the encoding was a guess that may have got accents wrong. */
export const WINDOWS_1252_NOTE =
  'The file is not UTF-8, so it was read as Windows-1252 (Western European). Check names with accents before importing.';

/** What a workbook may unzip to at most: far above any sheet within the row bounds, far below a zip bomb. */
export const MAX_WORKBOOK_UNZIPPED_BYTES = 256 * 1024 * 1024;

export const WORKBOOK_TOO_LARGE_MESSAGE =
  'This Excel workbook unpacks to more than 256 MB. Save the sheet as CSV (UTF-8), or split it into smaller files.';

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;

/**
 * The bytes a zip unpacks to, from its central directory (before anything is unzipped), or null when
 * the directory cannot be read or uses ZIP64 (a workbook within the bounds never needs it).
 */
export function zipUnpackedBytes(bytes: Uint8Array): number | null {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (u32(bytes, at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end === -1) return null;
  const entries = u16(bytes, end + 10);
  let at = u32(bytes, end + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) return null;
    const size = u32(bytes, at + 24);
    if (size === 0xffffffff) return null;
    total += size;
    at += 46 + u16(bytes, at + 28) + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  return total;
}

/** Null when a workbook may be unzipped; else why not. */
export function workbookRefusal(bytes: Uint8Array): string | null {
  const unpacked = zipUnpackedBytes(bytes);
  if (unpacked === null) return ZIP_NOT_XLSX_MESSAGE;
  return unpacked > MAX_WORKBOOK_UNZIPPED_BYTES ? WORKBOOK_TOO_LARGE_MESSAGE : null;
}
