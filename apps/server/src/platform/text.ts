/** The digits of a document, zip code or phone number as typed ('01310-100' -> '01310100'). */
export const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');

/**
 * A document number as compared and looked up: its letters and digits, capitals, nothing else
 * ('1.020.304.050' and '1020304050' -> '1020304050', 'ab-123' -> 'AB123'). The SQL twin is
 * `db/sql/document-key.ts`; a CPF or CNPJ (stored as digits) is its own key.
 */
export const documentKey = (s: string | null | undefined) => (s ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
