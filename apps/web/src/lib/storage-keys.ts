/** Browser-storage keys of the specification (plus the two start-up links). */
export const storageKeys = {
  authToken: 'auth-token',
  authUser: 'auth-user',
  apiKey: 'api-key',
  theme: 'theme',
  cookieAccept: 'cookie-accept',
  termsOfUse: 'terms-of-use',
  deepLinkHost: 'deep-link-host',
} as const;
