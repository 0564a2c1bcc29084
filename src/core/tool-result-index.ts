import type { Message } from './message.js';

/**
 * Where the result of a client tool call stands: the index of the first tool message answering
 * `callId` in the run of tool messages right after the assistant message at `callIndex`, the
 * only place a result counts (DESIGN §3); `undefined` when that run holds none. A result anywhere
 * else is not this call's: renderings show it on its own, as the provider would refuse it.
 *
 * One definition of "answers" for the renderings that show each call with its result (the
 * digest, the history view, the Markdown transcript). `validate` and the trailing-window check
 * apply the same rule in single passes of their own, since they must stay linear on hostile
 * input; this scans the run once per call. Tolerates untyped input: anything that is not a tool
 * message ends the run.
 * @internal
 */
export function toolResultIndex(messages: readonly Message[], callIndex: number, callId: string): number | undefined {
  for (let index = callIndex + 1; index < messages.length; index++) {
    const message = messages[index] as Partial<Message> | null | undefined;
    if (typeof message !== 'object' || message === null || message.role !== 'tool') return undefined;
    if ((message as { toolCallId?: unknown }).toolCallId === callId) return index;
  }
  return undefined;
}
