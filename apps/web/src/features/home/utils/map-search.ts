/** Search text reduced to letters and digits, without accents or case: 'Estação  Paulista (SP-1)' → 'estacaopaulistasp1'. */
export function normaliseSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .toLowerCase();
}
