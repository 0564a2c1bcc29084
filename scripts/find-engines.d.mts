export interface EngineBinary {
  readonly env: string;
  readonly paths: readonly string[];
  readonly commands: readonly string[];
  readonly debianPackage: string;
}
export declare const ENGINE_BINARIES: Record<'firefox' | 'webkit' | 'webkitDriver' | 'xvfb', EngineBinary>;
export declare function findEngineBinary(what: 'firefox' | 'webkit' | 'webkitDriver' | 'xvfb'): string | undefined;
export declare function requireEngineBinary(what: 'firefox' | 'webkit' | 'webkitDriver' | 'xvfb'): string;
