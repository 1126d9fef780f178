import { useTranslation } from 'react-i18next';
import { languageTag } from './languages';

/** The BCP-47 tag of the current interface language ('pt-BR' for `br`): format numbers and sort what the user reads with it. */
export function useLanguageTag(): string {
  const { i18n } = useTranslation();
  return languageTag(i18n.language);
}
