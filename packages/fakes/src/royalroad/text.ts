// Royal Road-style slugs: lower case, apostrophes dropped, other punctuation turned into hyphens, cut to a
// few words (the real site cuts long titles too, e.g. `chapter-18-getting-kidnapped-by-a-priest-as-a`).

export function slugify(text: string, maxLength = 50): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const kept: string[] = [];
  for (const word of words) {
    if (kept.length > 0 && [...kept, word].join('-').length > maxLength) break;
    kept.push(word);
  }
  return kept.join('-');
}
