const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** `2024-03-01` or an ISO timestamp as a readable date ("1 Mar 2024"). */
export function formatDate(value: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}
