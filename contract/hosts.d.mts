// Types of hosts.mjs (plain JavaScript, imported by Node scripts without a build).
export declare const LOOPBACK_HOST_NAMES: readonly string[];
export declare function splitHost(value: string | undefined): { name: string; port: string } | null;
export declare function parseHostList(value: string | undefined): string[];
export declare function invalidHostEntry(entries: readonly string[]): string | undefined;
export declare function hostAllowed(host: string | undefined, allowed: readonly string[]): boolean;
export declare function bareHost(name: string): string;
export declare function isLoopbackHost(host: string | undefined): boolean;
