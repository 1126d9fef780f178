import { useEffect, useMemo, useState } from 'react';
import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTagSearch } from '../api/search-tags';
import { shortTag, TAG_SEARCH_MAX_SHOWN } from '../model/tag-label';

const SEARCH_DELAY_MS = 300;
const TAG_MAX = 20;

interface Props {
  value?: string;
  onChange: (tag: string | undefined) => void;
  disabled?: boolean;
}

/**
 * Tag search (001 §2, §9): up to 5 matching tags from `GET ocpptags?searchInput`, each cut at 7
 * characters. The typed text is always offered too, so the filter works with any tag (and while
 * the tag list cannot be read).
 */
export function TagSearchSelect({ value, onChange, disabled }: Props) {
  const { t } = useTranslation('transactions');
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useTagSearch(debounced, !disabled && debounced.length > 0);

  const options = useMemo(() => {
    const found = (search.data ?? []).slice(0, TAG_SEARCH_MAX_SHOWN);
    const typed = text.trim().slice(0, TAG_MAX);
    const list = found.map((tag) => ({
      value: tag.idTag,
      title: tag.idTag,
      label: (
        <span className="tx-tag-option">
          <span className="tx-tag-option__id">{shortTag(tag.idTag)}</span>
          {tag.userEmail ? (
            <Typography.Text type="secondary" className="tx-tag-option__owner" ellipsis>
              {tag.userEmail}
            </Typography.Text>
          ) : null}
        </span>
      ),
    }));
    if (typed && !found.some((tag) => tag.idTag.toLowerCase() === typed.toLowerCase())) {
      list.push({ value: typed, title: typed, label: <span className="tx-tag-option__typed">{t('filters.tagUse', { tag: typed })}</span> });
    }
    return list;
  }, [search.data, text, t]);

  return (
    <Select
      className="tx-filter__tag"
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      allowClear
      disabled={disabled}
      value={value}
      onChange={(next?: string) => {
        onChange(next || undefined);
        setText('');
      }}
      placeholder={t('filters.tagPlaceholder')}
      aria-label={t('filters.tag')}
      options={options}
      labelRender={({ value: selected }) => <span title={String(selected)}>{shortTag(String(selected ?? ''))}</span>}
      notFoundContent={text ? null : <span className="tx-tag-option__hint">{t('filters.tagNoMatch')}</span>}
      loading={search.isFetching}
      popupMatchSelectWidth={240}
      data-testid="tx-tag-search"
    />
  );
}
