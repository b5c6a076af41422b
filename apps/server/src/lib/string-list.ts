/** The non-blank strings of a JSON array kept as text (tags, warnings); anything else reads as none. */
export function stringList(text: string): string[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      : [];
  } catch {
    return [];
  }
}
