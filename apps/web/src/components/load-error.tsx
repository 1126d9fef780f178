import { Alert, Button } from 'antd';

/** A screen's failed load: what could not be loaded and a button that tries again. */
export function LoadError({
  title,
  retryText,
  onRetry,
  className,
}: {
  title: string;
  retryText: string;
  onRetry: () => void;
  className?: string;
}) {
  return <Alert type="error" showIcon className={className} title={title} action={<Button onClick={onRetry}>{retryText}</Button>} />;
}
