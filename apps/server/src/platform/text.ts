/** The digits of a document, zip code or phone number as typed ('01310-100' -> '01310100'). */
export const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');
