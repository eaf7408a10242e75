/**
 * Bounds of an import file, the same in the browser preview and on the server: a file beyond them is
 * refused as a whole, before its rows are checked. A column schema may narrow them.
 */
export interface ImportLimits {
  /** Bytes of the uploaded file. */
  bytes: number;
  /** Columns in a row (exports of other tools bring a few dozen of their own). */
  columns: number;
  /** Characters in a cell. */
  cellLength: number;
  /** Rows in one import (the server commits them in one transaction). */
  rows: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  bytes: 20 * 1024 * 1024,
  columns: 100,
  cellLength: 1000,
  rows: 200_000,
};

/**
 * Papa Parse guesses a file's line breaks from the first chunk it reads (and reads a large text faster
 * in chunks): the browser preview and the server read in chunks of this many characters, so they guess
 * alike.
 */
export const IMPORT_READ_CHUNK_CHARS = 32 * 1024;

/**
 * No row within the bounds takes more characters of the file than this (every cell quoted and made of
 * doubled quotes), so a reader may refuse a row that grows longer before it has ended.
 */
export const maxRowChars = (limits: ImportLimits): number => limits.columns * (2 * limits.cellLength + 3);

export const formatCount = (n: number): string => n.toLocaleString('en');

/** "20 MB", "512 KB": sizes in the messages of both sides. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
