/** UTC calendar month 'YYYY-MM': the period of a key's monthly budget. */
export function utcMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}
