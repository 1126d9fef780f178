import { useTranslation } from 'react-i18next';
import { downloadInvoicePdf } from '../api/download-transactions-xlsx';
import { useFeedback } from '../../../lib/use-feedback';
import { saveBlob } from '../../../lib/download-file';

/** Opens an authorised invoice PDF in a new tab (downloads it when the browser blocks the tab). */
export function useInvoicePdf() {
  const { t } = useTranslation('transactions');
  const { message } = useFeedback();
  return async (transactionPk: number) => {
    // Open the tab inside the click, so pop-up blockers let it through; fill it when the file arrives.
    const tab = window.open('', '_blank');
    try {
      const file = await downloadInvoicePdf(transactionPk);
      const url = URL.createObjectURL(file.blob);
      if (tab) tab.location.href = url;
      else saveBlob(file.blob, file.fileName ?? `nf-recarga-${transactionPk}.pdf`);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      tab?.close();
      message.error(t('invoice.pdfError'));
    }
  };
}
