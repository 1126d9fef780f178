import { apiClient } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download-file';

/**
 * Opens the first invoice url of a movement (000 §2) in a new tab. The local issuer's url is the
 * operator backend's `/api/nfe/{transactionPk}/pdf`, which needs the session: it is fetched through
 * the API client and shown from memory. An outside address (an NFS-e provider's) opens as it is.
 */
export async function openInvoice(url: string, fallbackName: string): Promise<void> {
  if (/^https?:\/\//i.test(url)) {
    window.open(url, '_blank', 'noopener');
    return;
  }
  // Open the tab inside the click, so pop-up blockers let it through; fill it when the file arrives.
  const tab = window.open('', '_blank');
  try {
    const response = await apiClient.requestRaw({ service: 'api', path: url.replace(/^\/?api\//, ''), accept: 'application/pdf' });
    const blob = await response.blob();
    const objectUrl = URL.createObjectURL(blob);
    if (tab) tab.location.href = objectUrl;
    else saveBlob(blob, fallbackName);
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
