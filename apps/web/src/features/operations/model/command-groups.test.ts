import { describe, expect, it } from 'vitest';
import { operationCommands } from '@recarga/contracts/operation-commands';
import { commandGroups } from './command-groups';

describe('commandGroups', () => {
  it('the menu, when read group after group: every command of the contract once', () => {
    const listed = commandGroups.flatMap((g) => g.commands);
    expect([...listed].sort()).toEqual([...operationCommands].sort());
  });
});
