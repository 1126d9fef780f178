export declare const repoRoot: string;
export declare const postgresKinds: Record<string, string>;
export declare function serverTestFiles(): string[];
export declare function postgresMarker(file: string): { kinds: string[]; why: string } | { error: string } | null;
