/** Search text without accents, spaces and case: 'Estação  Paulista' → 'estacaopaulista'. */
export function normaliseSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '')
    .toLowerCase();
}
