/**
 * Hands the browser a file to save, made here: an export needs the caller's token, so it is
 * fetched, not linked (the Insights tab's range, the Subscribers tab's list, a member's data).
 */
export function saveTextFile(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A CSV file (UTF-8). */
export function saveCsvFile(name: string, text: string): void {
  saveTextFile(name, text, 'text/csv;charset=utf-8');
}
