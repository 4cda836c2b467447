// A certificate's date as the gallery shows it. A module of its own: the gallery is an island
// (docs/decisions/148), and what it imports is what its island costs.

/** "March 2024", from a certificate's `2024-03`. */
export function monthAndYear(yearMonth: string): string {
  const [year, month] = yearMonth.split('-').map(Number);
  if (!year || !month) return yearMonth;
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
