/**
 * Text without accents, in lower case: what every search compares ('Estação' → 'estacao'), on the
 * server (with the same folding in SQL) and in the screens' own filters.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
