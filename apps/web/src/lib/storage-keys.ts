/** Browser-storage keys of the specification (plus the start-up links and brand). */
export const storageKeys = {
  authToken: 'auth-token',
  authUser: 'auth-user',
  apiKey: 'api-key',
  theme: 'theme',
  cookieAccept: 'cookie-accept',
  termsOfUse: 'terms-of-use',
  deepLinkHost: 'deep-link-host',
  /** The network's own brand over its theme (start-up header x-brand), kept for a failed start-up. */
  brand: 'brand',
} as const;
