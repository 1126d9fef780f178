import { foldText } from '@recarga/contracts/text';

/**
 * `showSearch` of a select whose options are found by typing: case and accents ignored ('estacao'
 * finds 'Estação'), matched anywhere in the option's `prop` text.
 */
export function foldedSearch(prop: 'label' | 'title' = 'label') {
  return {
    filterOption: (input: string, option?: Record<string, unknown>) =>
      foldText(String(option?.[prop] ?? '')).includes(foldText(input.trim())),
  };
}
