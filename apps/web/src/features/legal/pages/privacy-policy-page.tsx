import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/theme/brand-context';
import { LegalDocument, type LegalSection } from '../components/legal-document';

/** Public privacy policy (last updated 29 September 2021). */
export function PrivacyPolicyPage() {
  const { t } = useTranslation('legal');
  const { company } = useBrand();
  const values = { ...company };
  return (
    <LegalDocument
      title={t('privacy.title')}
      updated={t('privacy.updated')}
      intro={t('privacy.intro', { returnObjects: true, ...values }) as string[]}
      sections={t('privacy.sections', { returnObjects: true, ...values }) as LegalSection[]}
      tocLabel={t('toc')}
    />
  );
}
