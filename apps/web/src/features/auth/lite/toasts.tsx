import { useCallback, useRef, useState } from 'react';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { SvgIcon } from '../../../components/svg-icon';

interface Toast {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

/** How long a toast stays, as the component library's message does. */
const toastMs = 3000;

/**
 * Short messages at the top of the sign-in page, drawn as the app's toasts (the component
 * library's `message`), which the page loads without: errors are announced as alerts.
 */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const notify = useCallback((kind: Toast['kind'], text: string) => {
    const id = next.current++;
    setToasts((current) => [...current, { id, kind, text }]);
    window.setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), toastMs);
  }, []);
  const holder = (
    <div className="toasts">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'} data-testid="toast">
          <SvgIcon icon={toast.kind === 'error' ? CloseCircleFilled : CheckCircleFilled} className="toast__icon" />
          <span>{toast.text}</span>
        </div>
      ))}
    </div>
  );
  return { notify, holder };
}
