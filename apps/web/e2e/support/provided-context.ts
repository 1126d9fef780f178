/** Values global-setup.ts hands to every browser test through `inject()`. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per browser worker: its port and DATA_DIR (mail is written to `<dataDir>/mail/*.eml`). */
    servers: { port: number; dataDir: string }[];
    /** `http://127.0.0.1:<port>` of the fake CEP, geocoding and map-tile services (fake-address-services.ts). */
    fakeServicesUrl: string;
  }
}

export {};
