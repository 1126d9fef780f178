function digits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Masks a CPF as it is typed: `12345678909` → `123.456.789-09`. */
export function formatCpf(value: string): string {
  const d = digits(value).slice(0, 11);
  return d
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

/** The check-digit rule is the server's own (contracts). */
export { isValidCpf } from '@recarga/contracts/users';
