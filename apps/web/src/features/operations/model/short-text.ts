/** 001 §5 / §9: dropdown texts (up to 40 characters) are shown cut at 32 with an ellipsis. */
export const SHORT_TEXT = 32;

export function shortText(text: string): string {
  return text.length > SHORT_TEXT ? `${text.slice(0, SHORT_TEXT)}…` : text;
}
