import type { Entry } from '../../core/entry.js';
import type { Conversation } from '../types/conversation.js';
import type { JournalRecord, JournalWithdrawal } from './journal-format.js';

/** One conversation as the journal knows it. @internal */
export interface JournaledConversation {
  conversation: Conversation;
  /** By id: a record replayed twice (a snapshot and a segment it holds) adds nothing. */
  entries: Map<string, Entry>;
  /** Which entry holds each seq: a later record's entry replaces one that never committed. */
  seqs: Map<number, string>;
}

/**
 * The store's content folded from journal records, in order. Every step is idempotent (entries
 * by id, the conversation record keeps the furthest `lastSeq`), so replaying a record that a
 * snapshot already holds changes nothing; deletions and `clear` remove what came before them.
 * @internal
 */
export class JournalState {
  readonly conversations = new Map<string, JournaledConversation>();
  /** The `at` of the last record applied. */
  lastAt: string | undefined;

  apply(record: JournalRecord): void {
    this.lastAt = record.at;
    const { change } = record;
    switch (change.type) {
      case 'cleared':
        this.conversations.clear();
        return;
      case 'conversation_deleted':
        this.conversations.delete(change.conversationId);
        return;
      case 'conversation_created':
      case 'conversation_updated':
        this.upsert(change.conversation, record.entries ?? []);
        return;
      case 'entries_appended':
        this.upsert(change.conversation, [...(record.entries ?? []), ...change.entries]);
        return;
      case 'entries_withdrawn':
        this.withdraw(change);
        return;
    }
  }

  private withdraw({ conversationId, entryIds, conversation, withdrawnLastSeq }: JournalWithdrawal): void {
    const known = this.conversations.get(conversationId);
    if (known === undefined) return;
    // Back to the state before the failed append, unless a later write (another tab's) moved on.
    if (known.conversation.lastSeq === withdrawnLastSeq) known.conversation = conversation;
    for (const id of entryIds) {
      const entry = known.entries.get(id);
      if (entry === undefined) continue;
      known.entries.delete(id);
      if (known.seqs.get(entry.seq) === id) known.seqs.delete(entry.seq);
    }
  }

  private upsert(conversation: Conversation, entries: readonly Entry[]): void {
    let known = this.conversations.get(conversation.id);
    if (known === undefined) this.conversations.set(conversation.id, (known = { conversation, entries: new Map(), seqs: new Map() }));
    // Tabs journal their own writes in their own files: a record of an older state can come later.
    else if (conversation.lastSeq >= known.conversation.lastSeq) known.conversation = conversation;
    for (const entry of entries) {
      // One seq, two entries: the earlier was journaled ahead of a commit a kill cut off, and its
      // seq went to a later append. The later one committed (it was written after).
      const holder = known.seqs.get(entry.seq);
      if (holder !== undefined && holder !== entry.id) known.entries.delete(holder);
      known.seqs.set(entry.seq, entry.id);
      known.entries.set(entry.id, entry);
    }
  }
}

/**
 * A conversation's log as far as it is whole: entries by seq from 1 with no gap (an entry's
 * parent and a compaction's kept entry always have smaller seqs, so they are in), and how many
 * entries after the first gap had to be left out.
 * @internal
 */
export function wholeLog(known: JournaledConversation): { entries: Entry[]; dropped: number } {
  const bySeq = [...known.entries.values()].sort((a, b) => a.seq - b.seq);
  let whole = 0;
  while (whole < bySeq.length && bySeq[whole]!.seq === whole + 1) whole++;
  return { entries: bySeq.slice(0, whole), dropped: bySeq.length - whole };
}
