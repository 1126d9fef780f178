import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectorTypeListResponse } from '@recarga/contracts/stations';
import { apiClient } from '../../../lib/api-client';
import { plugShareKeys } from './plug-share-keys';

/** GET /api/connector_types/: the names the `connectors` column accepts. */
async function getConnectorTypeNames(signal?: AbortSignal): Promise<string[]> {
  const answer = await apiClient.request<ConnectorTypeListResponse>({ path: 'connector_types/', signal });
  return answer.connectorTypeList.map((c) => c.name);
}

export function useConnectorTypeNames() {
  return useQuery(
    queryOptions({ queryKey: plugShareKeys.connectorTypes(), queryFn: ({ signal }) => getConnectorTypeNames(signal), staleTime: Infinity }),
  );
}
