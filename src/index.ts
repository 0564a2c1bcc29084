// convolog: the pure core and the IndexedDB store. Adapters live at `convolog/adapters`.
export * from './core/index.js';
export * from './store/index.js';
