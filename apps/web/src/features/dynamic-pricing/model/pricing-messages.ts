import { dynamicPricingMessages } from '@recarga/contracts/dynamic-pricing-messages';

/** A message of the pricing screens (002 §5, §8): its text is `messages.<key>` in the dynamicPricing namespace. */
export type PricingMessageKey = keyof typeof dynamicPricingMessages;

/** The server's texts (the contract's zod-free file), to know which message a refusal is and say it in the user's language. */
const serverTexts = dynamicPricingMessages;

const byText = new Map(Object.entries(serverTexts).map(([key, text]) => [text.trim(), key as PricingMessageKey]));

/** Which message a server text is; null for one the pricing screens do not know. */
export function pricingMessageKeyOf(text: string | null | undefined): PricingMessageKey | null {
  return text ? (byText.get(text.trim()) ?? null) : null;
}
