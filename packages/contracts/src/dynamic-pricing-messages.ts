/*
 * Without zod, so that the screens can read the texts without the schemas: dynamic-pricing.ts
 * re-exports them.
 */
/** The spec's messages (002 §5, §8), exact in Portuguese; the screens show them translated per language. */
export const dynamicPricingMessages = {
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
  dateInvalid: 'Data inválida: use um dia que existe no calendário (AAAA-MM-DD).',
  dateInsideOther: 'Esta data já está contida em outro período de exceção',
  periodEnclosesOther: 'O novo período não pode englobar outro período de exceção',
  nameTaken: 'A profile with this name already exists.',
  notFound: 'Pricing profile not found.',
  oneGeneralPerDay: 'One general row per weekday.',
  saved: 'Perfil de Precificação atualizado com sucesso!',
  saveFailed: 'Não foi possível atualizar o Perfil de Precificação!',
} as const;
