/**
 * Reads a gettext catalog as Lingui writes it: msgid → msgstr (continued lines joined). For the catalog
 * checks and the end-to-end tests, which look up the German text of an English message; the app itself
 * loads compiled catalogs.
 */
export function readPo(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  const unquote = (line: string) => JSON.parse(line.trim()) as string;
  let field: 'id' | 'str' | null = null;
  let id = '';
  let str = '';
  const flush = () => {
    if (id) entries.set(id, str);
    id = '';
    str = '';
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      field = 'id';
      id = unquote(line.slice(6));
    } else if (line.startsWith('msgstr ')) {
      field = 'str';
      str = unquote(line.slice(7));
    } else if (line.startsWith('"') && field) {
      if (field === 'id') id += unquote(line);
      else str += unquote(line);
    } else {
      field = null;
    }
  }
  flush();
  return entries;
}
