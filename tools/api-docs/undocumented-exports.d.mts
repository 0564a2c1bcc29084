/** Every export of the entry modules whose declaration has no TSDoc description, as `specifier: name (file)`. */
export declare function undocumentedExports(entries?: { specifier: string; file: string }[]): string[];
