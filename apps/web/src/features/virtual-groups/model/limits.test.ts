import { describe, expect, it } from 'vitest';
import {
  VIRTUAL_GROUP_DESCRIPTION_MAX,
  VIRTUAL_GROUP_NAME_MAX,
  VIRTUAL_GROUP_PAGE_SIZE,
  virtualGroupMessages,
} from '@recarga/contracts/virtual-groups';
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX, GROUP_PAGE_SIZE, serverTexts } from './limits';

describe('virtual-group limits without zod', () => {
  it('name, description and page size, when compared with the contract: are the contract’s', () => {
    expect([GROUP_NAME_MAX, GROUP_DESCRIPTION_MAX, GROUP_PAGE_SIZE]).toEqual([
      VIRTUAL_GROUP_NAME_MAX,
      VIRTUAL_GROUP_DESCRIPTION_MAX,
      VIRTUAL_GROUP_PAGE_SIZE,
    ]);
  });

  it('server texts the screens recognise, when compared with the contract’s messages: are the same texts', () => {
    expect(serverTexts).toEqual({
      chargerInOtherGroup: virtualGroupMessages.chargerInOtherGroup,
      chargerNotFound: virtualGroupMessages.chargerNotFound,
      nameRequired: virtualGroupMessages.nameRequired,
      editNameRequired: virtualGroupMessages.editNameRequired,
      descriptionRequired: virtualGroupMessages.descriptionRequired,
      profileRequired: virtualGroupMessages.profileRequired,
      profileNotFound: virtualGroupMessages.profileNotFound,
    });
  });
});
