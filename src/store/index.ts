// The IndexedDB store (issue 6).
export {};
