/** "Contains", case-insensitive, for LIKE: the caller's text is a parameter with its wildcards escaped. */
export const containsPattern = (text: string) =>
  `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
