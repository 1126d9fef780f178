import { describe, expect, it } from 'vitest';
import { chargingProfileMessages } from '@recarga/contracts/charging-profile-constants';
import { operationCommands, operationMessages, taskErrorCodes } from '@recarga/contracts/operation-commands';
import br from '../../../locales/br/operations.json';
import { commandGroups } from './command-groups';
import { stationResponses } from './station-response';

/** The locales test checks every language has br's keys; this checks br words every code the contract and the stations send. */
describe('operations texts, when read against the contract', () => {
  it('every task error code has its reason (errors.<CODE>)', () => {
    expect(taskErrorCodes.filter((code) => !(code in br.errors))).toEqual([]);
  });

  it('every station status the screen words has its text (responses.<status>)', () => {
    expect(stationResponses.filter((status) => !(status in br.responses))).toEqual([]);
  });

  it('every server message of the contract has its translation (serverErrors.<key>)', () => {
    expect(Object.keys(operationMessages).filter((key) => !(key in br.serverErrors))).toEqual([]);
  });

  it('every server message of the charging profile contract has its translation (profileErrors.<key>)', () => {
    expect(Object.keys(chargingProfileMessages).filter((key) => !(key in br.profileErrors))).toEqual([]);
  });

  it('every command and menu group has its name', () => {
    expect(operationCommands.filter((c) => !(c in br.commands))).toEqual([]);
    expect(commandGroups.filter((g) => !(g.key in br.commandGroups))).toEqual([]);
  });
});
