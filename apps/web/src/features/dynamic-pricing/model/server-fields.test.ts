import { describe, expect, it } from 'vitest';
import { placeServerErrors } from './server-fields';

describe('server field errors', () => {
  it('a field of a row in the form: lands on its field, known by its message', () => {
    const { placed, unplaced } = placeServerErrors(
      {
        'dynamicPricingDetailFormList.4.startTime': 'Ja existe um período de tempo iniciando e terminando neste horário',
        'dynamicPricingDetailFormList.3.kwhPrice': 'É necessário definir ou o preço por duração ou preço por kWh',
        'dynamicPricingDetailFormList.0.dayOfWeek': 'One general row per weekday.',
        'dynamicPricingDetailFormList.4.endTimeGMT': 'Something new',
      },
      (index, field) => (index === 3 ? ['general', field] : index > 3 ? ['windows', index - 4, field] : null),
    );
    expect(placed).toEqual([
      { name: ['windows', 0, 'startTime'], key: 'windowClash', text: 'Ja existe um período de tempo iniciando e terminando neste horário' },
      { name: ['general', 'kwhPrice'], key: 'priceRequired', text: 'É necessário definir ou o preço por duração ou preço por kWh' },
      { name: ['windows', 0, 'endTime'], key: null, text: 'Something new' },
    ]);
    expect(unplaced).toEqual([{ name: [], key: 'oneGeneralPerDay', text: 'One general row per weekday.' }]);
  });

  it('no fields: nothing to place', () => {
    expect(placeServerErrors(undefined, () => null)).toEqual({ placed: [], unplaced: [] });
  });
});
