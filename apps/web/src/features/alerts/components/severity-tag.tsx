import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { ApiOutlined, ExclamationCircleOutlined, InfoCircleOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AlertSeverity } from '@recarga/contracts/notification-types';

const looks: Record<AlertSeverity, { color: string; icon: ReactNode }> = {
  fault: { color: 'error', icon: <ExclamationCircleOutlined aria-hidden="true" /> },
  offline: { color: 'default', icon: <ApiOutlined aria-hidden="true" /> },
  shortRecharge: { color: 'warning', icon: <ThunderboltOutlined aria-hidden="true" /> },
  info: { color: 'processing', icon: <InfoCircleOutlined aria-hidden="true" /> },
};

/** An alert's severity (the server derives it): colour, icon and word. */
export function SeverityTag({ severity }: { severity: AlertSeverity }) {
  const { t } = useTranslation('alerts');
  const look = looks[severity];
  return (
    <Tag color={look.color} icon={look.icon} className="severity-tag" data-severity={severity}>
      {t(`severity.${severity}`)}
    </Tag>
  );
}
