import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { TAG_SEARCH_MAX_SHOWN } from '../model/tag-label';
import { transactionKeys } from './transaction-keys';

interface TagOption {
  idTag: string;
  userEmail?: string | null;
}

interface TagSearchAnswer {
  ocppTagList?: { idTag: string; userEmail?: string | null }[];
}

/**
 * GET /api/ocpptags/?searchInput&page=1&size=5 → ocppTagList (idTag, userEmail). Answers null when
 * the tag list cannot be read (call missing, no permission): the search then takes free text.
 */
async function searchTags(text: string, signal?: AbortSignal): Promise<TagOption[] | null> {
  try {
    const answer = await apiClient.request<TagSearchAnswer>({
      path: 'ocpptags/',
      query: { searchInput: text.trim(), page: 1, size: TAG_SEARCH_MAX_SHOWN },
      signal,
    });
    if (!answer || !Array.isArray(answer.ocppTagList)) return null;
    return answer.ocppTagList.slice(0, TAG_SEARCH_MAX_SHOWN).map((t) => ({ idTag: t.idTag, userEmail: t.userEmail ?? null }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return null;
  }
}

const tagSearchQuery = (text: string) =>
  queryOptions({
    queryKey: transactionKeys.tagSearch(text.trim()),
    queryFn: ({ signal }) => searchTags(text, signal),
    staleTime: 30_000,
  });

export function useTagSearch(text: string, enabled: boolean) {
  return useQuery({ ...tagSearchQuery(text), enabled });
}
