// Formatters live in `@/lib/format`. This file remains only for `read-csv-file.ts`, which the rebuild
// of the import pipeline (issue 8, item 5) moves to the shared import machinery; delete it then.
export { formatFileSize } from '@/lib/format';
