import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { storageKeys } from '../../../lib/storage-keys';
import type { OperatorCompany } from '../../../lib/theme/theme-definition';
import { isThemeName, themes } from '../../../lib/theme/themes';
import { LegalDocument, type LegalSection } from '../components/legal-document';

/** The theme's operator company record is polled this often until the stored theme is known. */
const pollMs = 400;

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function companyFromStoredTheme(): OperatorCompany | null {
  const key = readStorage(storageKeys.theme);
  return isThemeName(key) ? themes[key].company : null;
}

/**
 * Terms of use. A stored external link wins: it opens in a new tab and the app returns to the
 * root. Otherwise the 12 built-in sections, filled with the operator company record.
 */
export function TermsOfUsePage() {
  const { t } = useTranslation('legal');
  const navigate = useNavigate();
  const externalLink = readStorage(storageKeys.termsOfUse);
  const opened = useRef(false);
  const [company, setCompany] = useState<OperatorCompany | null>(companyFromStoredTheme);

  useEffect(() => {
    if (!externalLink || opened.current) return;
    opened.current = true;
    window.open(externalLink, '_blank', 'noopener,noreferrer');
    navigate('/', { replace: true });
  }, [externalLink, navigate]);

  useEffect(() => {
    if (externalLink || company) return;
    const timer = window.setInterval(() => {
      const found = companyFromStoredTheme();
      if (found) {
        setCompany(found);
        window.clearInterval(timer);
      }
    }, pollMs);
    return () => window.clearInterval(timer);
  }, [company, externalLink]);

  if (externalLink || !company) return <PageLoader />;
  const values = { ...company };
  return (
    <LegalDocument
      title={t('terms.title')}
      intro={t('terms.intro', { returnObjects: true, ...values }) as string[]}
      sections={t('terms.sections', { returnObjects: true, ...values }) as LegalSection[]}
      tocLabel={t('toc')}
    />
  );
}
