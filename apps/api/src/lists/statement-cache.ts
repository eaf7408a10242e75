/**
 * Rendered statements by their input (list, organisation, validated query): rendering a list query with
 * Drizzle costs more per request than reading its page, and tables ask the same few queries again and
 * again (a page reloaded, a filter toggled back). A bounded LRU map; rendering is pure, so a hit is the
 * same statement.
 */
export class StatementCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly capacity = 2000) {}

  get(key: string, render: () => T): T {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = render();
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, value);
    return value;
  }
}
