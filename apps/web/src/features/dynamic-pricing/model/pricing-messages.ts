import type { dynamicPricingMessages } from '@recarga/contracts/dynamic-pricing';

/** A message of the pricing screens (002 §5, §8): its text is `messages.<key>` in the dynamicPricing namespace. */
export type PricingMessageKey = keyof typeof dynamicPricingMessages;

/**
 * The server's texts, to know which message a refusal is and say it in the user's language. A typed
 * copy rather than an import (the contract file brings zod into the screen); its type holds every
 * text as a literal, so the compiler refuses any difference from the contract.
 */
const serverTexts: typeof dynamicPricingMessages = {
  nameRequired: 'Fill in the profile name',
  createFailed: 'Não foi possível criar o perfil!',
  noProfiles: 'No profiles found',
  startTimeRequired: 'O campo hora de início é obrigatório.',
  endTimeRequired: 'O campo hora de termino é obrigatório.',
  timesEqual: 'Os campos de hora de início e de término devem ser diferentes',
  startAfterEnd: 'O campo de hora de início não pode ser maior que o de término',
  windowClash: 'Ja existe um período de tempo iniciando e terminando neste horário',
  priceRequired: 'É necessário definir ou o preço por duração ou preço por kWh',
  dayRequired: 'Selecione o dia',
  datesOrder: 'A data inicial deve ser menor que a data final',
  dateInsideOther: 'Esta data já está contida em outro período de exceção',
  periodEnclosesOther: 'O novo período não pode englobar outro período de exceção',
  nameTaken: 'A profile with this name already exists.',
  notFound: 'Pricing profile not found.',
  oneGeneralPerDay: 'One general row per weekday.',
  saved: 'Perfil de Precificação atualizado com sucesso!',
  saveFailed: 'Não foi possível atualizar o Perfil de Precificação!',
};

const byText = new Map(Object.entries(serverTexts).map(([key, text]) => [text.trim(), key as PricingMessageKey]));

/** Which message a server text is; null for one the pricing screens do not know. */
export function pricingMessageKeyOf(text: string | null | undefined): PricingMessageKey | null {
  return text ? (byText.get(text.trim()) ?? null) : null;
}
