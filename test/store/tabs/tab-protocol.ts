// What the page and a tab worker (tab-worker.ts) say to each other. Not a test file itself.

/** A command to the tab; the answer is the value `run` returns for it. */
export type TabCommand =
  | { op: 'open'; name: string; newer?: boolean }
  | { op: 'append'; conversationId: string; label: string; turns: number; wave: number; untilRefused?: boolean }
  | { op: 'answer'; conversationId: string; label: string; expectedLastSeq: number }
  | { op: 'heard' }
  | { op: 'entries'; conversationId: string }
  | { op: 'hold'; name: string }
  | { op: 'release' }
  | { op: 'close' }
  | { op: 'storm'; conversationIds: string[]; label: string; chains: number; importData?: unknown };

/**
 * What a storming tab (tab-storm.ts) tells the page, unasked, as it happens: an import started,
 * or a write whose promise resolved (acknowledged: the page must find it after any kill).
 */
export type StormNote =
  | { kind: 'append'; conversationId: string; batch: string; seqs: number[] }
  | { kind: 'import_started' }
  | { kind: 'imported'; conversationId: string; entries: number };

/** One append call's outcome: the seqs it got, or the ConvologError code it was refused with. */
export type AppendOutcome = { text: string; seqs: number[] } | { text: string; code: string };

/** A StoreChange as the tab heard it, reduced to what crosses postMessage and the tests compare. */
export interface HeardChange {
  type: string;
  origin?: string;
  conversationId?: string;
  seqs?: number[];
  reason?: string;
}
