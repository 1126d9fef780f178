import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectorTypeListResponse } from '@recarga/contracts/stations';
import { apiClient } from '../../../lib/api-client';
import { stationKeys } from './station-keys';

export type ConnectorTypeOption = ConnectorTypeListResponse['connectorTypeList'][number];

/** GET /api/connector_types/ */
async function getConnectorTypes(signal?: AbortSignal): Promise<ConnectorTypeOption[]> {
  const answer = await apiClient.request<ConnectorTypeListResponse>({ path: 'connector_types/', signal });
  return answer.connectorTypeList;
}

export function useConnectorTypes() {
  return useQuery(
    queryOptions({ queryKey: stationKeys.connectorTypes(), queryFn: ({ signal }) => getConnectorTypes(signal), staleTime: Infinity }),
  );
}
