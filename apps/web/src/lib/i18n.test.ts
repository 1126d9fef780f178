import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { applyPluralRulesOfLanguageTags } from './i18n';

async function instance(patched: boolean) {
  const i = createInstance();
  await i.init({
    lng: 'br',
    resources: { br: { common: { points_one: '{{count}} ponto', points_other: '{{count}} pontos' } } },
    defaultNS: 'common',
  });
  if (patched) applyPluralRulesOfLanguageTags(i);
  return i;
}

describe('plural rules', () => {
  it('br, when counting 0, 1, 3, 4 and 9: uses Portuguese plurals (one, other) instead of Breton ones', async () => {
    const i = await instance(true);
    // Brazilian Portuguese counts 0 and 1 as "one" (CLDR).
    expect([0, 1, 3, 4, 9].map((count) => i.t('points', { count }))).toEqual(['0 ponto', '1 ponto', '3 pontos', '4 pontos', '9 pontos']);
  });

  it('br, without the language-tag rule: Breton plurals miss the keys (why the rule exists)', async () => {
    const i = await instance(false);
    expect(i.t('points', { count: 3 })).not.toBe('3 pontos');
  });
});
