/** Prints rows as columns: the first left-aligned, the others right-aligned. */
export function printTable(rows: string[][], indent = ''): void {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((row) => row[c]?.length ?? 0))) ?? [];
  for (const row of rows) {
    console.log(
      `${indent}${row
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
        .join('  ')}`,
    );
  }
}
