import type { ReactNode } from 'react';
import { Empty, Pagination, Skeleton, Tag } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AuditPage, TenantAuditEntry } from '@recarga/contracts/tenant-settings';
import { formatDateTime } from '../lib/format/date-time';
import { isAppLanguage, languageTag } from '../lib/languages';
import { getTheme, isThemeName } from '../lib/theme/themes';
import { auditChanges, auditValueKind } from '../lib/tenant-audit';
import { AUDIT_PAGE_SIZE } from '@recarga/contracts/tenant-settings-constants';
import { LoadError } from './load-error';
import './tenant-audit-list.css';

interface Props {
  data: AuditPage | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  page: number;
  onPage: (page: number) => void;
  /** Name each entry's network (the administrators' list spans several). */
  showTenant?: boolean;
  /** A network's name by id, for a changed parent. */
  tenantName?: (tenantPk: number) => string | undefined;
  testId?: string;
}

/**
 * The change history of the network settings and administration (issue 21 item 8): who, when, what,
 * and each field before → after. Texts from the `config` namespace (`audit.*`), which /admin shares.
 */
export function TenantAuditList({ data, isLoading, isError, onRetry, page, onPage, showTenant, tenantName, testId }: Props) {
  const { t, i18n } = useTranslation('config');
  if (isError) return <LoadError title={t('audit.loadError')} retryText={t('audit.retry')} onRetry={onRetry} />;
  if (isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (!data?.results.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('audit.empty')} />;

  const fieldLabel = (field: string) => (i18n.exists(`config:audit.fields.${field}`) ? t(`audit.fields.${field}`) : field);
  const actionLabel = (action: string) => (i18n.exists(`config:audit.actions.${action}`) ? t(`audit.actions.${action}`) : action);

  const value = (field: string, raw: unknown): ReactNode => {
    if (field === 'parentTenantPk' && typeof raw === 'number' && tenantName?.(raw)) return tenantName(raw);
    if (field === 'logoUrl' && typeof raw === 'string' && raw) return t('audit.uploadedImage');
    if (field === 'theme' && isThemeName(raw)) return getTheme(raw).displayName;
    if (field === 'language' && isAppLanguage(raw)) return languageTag(raw);
    switch (auditValueKind(raw)) {
      case 'empty':
        return <span className="audit-value audit-value--empty">{t('audit.none')}</span>;
      case 'boolean':
        return field.startsWith('modules.') ? (raw ? t('audit.on') : t('audit.off')) : raw ? t('audit.enabled') : t('audit.disabled');
      case 'colour':
        return (
          <span className="audit-value audit-value--colour">
            <span className="audit-swatch" style={{ background: String(raw) }} aria-hidden="true" />
            {String(raw)}
          </span>
        );
      case 'secret':
        return <span className="audit-value audit-value--empty">{t('audit.hidden')}</span>;
      case 'number':
        return (raw as number).toLocaleString(i18n.language === 'br' ? 'pt-BR' : i18n.language);
      default:
        return typeof raw === 'string' ? raw : JSON.stringify(raw);
    }
  };

  const who = (entry: TenantAuditEntry) =>
    entry.userName ? (entry.userEmail ? `${entry.userName} (${entry.userEmail})` : entry.userName) : t('audit.system');

  return (
    <>
      <ol className="audit-list" data-testid={testId} aria-label={t('audit.title')}>
        {data.results.map((entry) => {
          const changes = auditChanges(entry.before, entry.after);
          return (
            <li key={entry.auditPk} className="audit-list__item" data-testid="audit-entry">
              <div className="audit-list__head">
                <span className="audit-list__action">
                  {actionLabel(entry.action)}
                  {showTenant ? (
                    <Tag className="audit-list__tenant" variant="filled">
                      {entry.tenantName}
                    </Tag>
                  ) : null}
                </span>
                <time className="audit-list__time" dateTime={entry.at}>
                  {formatDateTime(entry.at)}
                </time>
              </div>
              <div className="audit-list__who">{t('audit.by', { who: who(entry) })}</div>
              {changes.length ? (
                <dl className="audit-changes">
                  {changes.map((change) => (
                    <div key={change.field} className="audit-changes__row" data-testid="audit-change">
                      <dt className="audit-changes__field">{fieldLabel(change.field)}</dt>
                      <dd className="audit-changes__values">
                        {entry.before === null ? (
                          // A creation or an addition: what it was made with, no "before".
                          <span className="audit-changes__after">{value(change.field, change.after)}</span>
                        ) : entry.after === null ? (
                          // A removal: what was removed.
                          <span className="audit-changes__before">{value(change.field, change.before)}</span>
                        ) : (
                          <>
                            <span className="audit-changes__before">{value(change.field, change.before)}</span>
                            <ArrowRightOutlined className="audit-changes__arrow" aria-label={t('audit.to')} />
                            <span className="audit-changes__after">{value(change.field, change.after)}</span>
                          </>
                        )}
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </li>
          );
        })}
      </ol>
      {data.count > AUDIT_PAGE_SIZE ? (
        <Pagination
          className="audit-list__pager"
          size="small"
          current={page}
          pageSize={AUDIT_PAGE_SIZE}
          total={data.count}
          onChange={onPage}
          showSizeChanger={false}
        />
      ) : null}
    </>
  );
}
