/** "1 word", "2 words", "1,204 words": a count and its noun, as the styler's messages say it. */
export const plural = (count: number, word: string) =>
  `${count.toLocaleString('en')} ${word}${count === 1 ? '' : 's'}`;
