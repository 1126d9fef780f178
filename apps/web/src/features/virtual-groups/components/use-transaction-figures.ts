import { useNumberFormat } from '../../../lib/format/use-number-format';
import { formatMinorUnits } from '../../../lib/format/money';
import { useLanguageTag } from '../../../lib/use-language-tag';

/** A recharge's energy (Wh, shown in kWh with 2 decimals) and total (minor units, in its currency), in the interface language. */
export function useTransactionFigures() {
  const fmt = useNumberFormat();
  const tag = useLanguageTag();
  return {
    energy: (wh: number | null) => (wh === null ? '—' : `${fmt.decimal(wh / 1000, 2)} kWh`),
    total: (minor: number | null, currency: string) => (minor === null ? '—' : formatMinorUnits(minor, { currency, locale: tag })),
  };
}
