/** Values global-setup.ts hands to every browser test through `inject()`. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** `http://localhost:<port>` of the server started for this run. */
    baseUrl: string;
    /** Port of that server (to build `http://<tenant>.localhost:<port>`). */
    port: number;
    /** The server's DATA_DIR (mail is written to `<dataDir>/mail/*.eml`). */
    dataDir: string;
    /** `http://127.0.0.1:<port>` of the fake CEP, geocoding and map-tile services (fake-address-services.ts). */
    fakeServicesUrl: string;
  }
}

export {};
