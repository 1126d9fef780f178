import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OcppVersionPath, OperationCommand, OperationOptions } from '@recarga/contracts/operations';
import { apiClient } from '../../../lib/api-client';
import { operationKeys } from './operation-keys';

/** What one options call asks for (all optional: without them, every station of the version in scope). */
export interface OptionsParams {
  /** Remote start / reserve now / local list: tags whose id contains this text. */
  idTag?: string;
  /** Station search: every word in the ChargeBox ID or the description. */
  searchInput?: string;
  /** At most this many stations of the search (0: none, for the tag search); the answer then has `count`. */
  size?: number;
  /** Stations already chosen: answered in addition to the search, with their per-station data. */
  chargeBoxIds?: string[];
}

/** GET /api/operations/{version}/{command}/ — stations of the version in scope (searched and paged) and the command's choices. */
function getOperationOptions(version: OcppVersionPath, command: OperationCommand, params: OptionsParams, signal?: AbortSignal) {
  return apiClient.request<OperationOptions>({
    path: `operations/${version}/${command}/`,
    query: {
      idTag: params.idTag?.trim() || undefined,
      searchInput: params.searchInput?.trim() || undefined,
      size: params.size,
      chargeBoxIds: params.chargeBoxIds?.length ? params.chargeBoxIds.join(',') : undefined,
    },
    signal,
  });
}

export function useOperationOptions(version: OcppVersionPath, command: OperationCommand, params: OptionsParams = {}, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: operationKeys.options(version, command, params),
      queryFn: ({ signal }) => getOperationOptions(version, command, params, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}
