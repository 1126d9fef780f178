/** The tag search shows at most 5 tags, each cut at 7 characters (001 §9). */
export const TAG_SEARCH_MAX_SHOWN = 5;
const TAG_SEARCH_MAX_CHARS = 7;

export function shortTag(tag: string, max = TAG_SEARCH_MAX_CHARS): string {
  return tag.length > max ? `${tag.slice(0, max)}…` : tag;
}
