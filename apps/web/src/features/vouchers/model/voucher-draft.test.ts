import { afterEach, describe, expect, it } from 'vitest';
import { clearVoucherDraft, draftHasText, readVoucherDraft, saveVoucherDraft } from './voucher-draft';
import { emptyFormValues } from './voucher-form';

afterEach(() => clearVoucherDraft());

describe('voucher draft', () => {
  it('is kept for its own voucher only, when the users are being chosen', () => {
    saveVoucherDraft({ voucherPk: 12, userPks: [7], usersDataList: [], formValues: emptyFormValues() });
    expect(readVoucherDraft(12)?.userPks).toEqual([7]);
    expect(readVoucherDraft(null)).toBeNull();
    expect(readVoucherDraft(13)).toBeNull();
  });
  it('is gone after clearing (back, or the voucher saved)', () => {
    saveVoucherDraft({ voucherPk: null, userPks: [], usersDataList: [], formValues: emptyFormValues() });
    clearVoucherDraft();
    expect(readVoucherDraft(null)).toBeNull();
  });
  it('feeds the edit form only when a text field is filled', () => {
    expect(draftHasText({ voucherPk: 1, userPks: [], usersDataList: [], formValues: emptyFormValues() })).toBe(false);
    expect(draftHasText({ voucherPk: 1, userPks: [], usersDataList: [], formValues: { ...emptyFormValues(), title: 'x' } })).toBe(true);
  });
});
