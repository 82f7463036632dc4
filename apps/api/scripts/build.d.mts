/** Types of build.mjs (the api's production bundle, decision 0047). */
export declare const DEFAULT_ENTRIES: Record<string, string>;
export declare const NODE_FLAGS: string[];
export declare function buildApi(entries?: Record<string, string>): Promise<Record<string, string>>;
