// convolog/ai-sdk: keep Vercel AI SDK `useChat` chats in the store. No dependency on `ai`: the
// UIMessage shape is declared structurally here.
export { toUIMessages } from './to-ui-messages.js';
export { fromUIMessages, type FromUIMessagesOptions, type FromUIMessagesResult } from './from-ui-messages.js';
export { loadUIMessages, type LoadUIMessagesOptions, type UIMessageSource } from './load-ui-messages.js';
export type { AttachmentPutter } from './ui-attachments.js';
export { saveUIMessages, type SaveUIMessagesOptions, type SaveUIMessagesResult, type UIMessageStore } from './save-ui-messages.js';
export { UI_MESSAGE_ID_KEY, UI_METADATA_KEY, UI_PARTS_KEY, type LayoutItem, type BlockItem, type PartRecord } from './ui-layout.js';
export type {
  JSONObject, JSONValue, UIMessage, UIMessageLike, UIMessagePart, UIProviderMetadata, TextUIPart, ReasoningUIPart, FileUIPart, StepStartUIPart,
  ToolUIPart, ToolUIPartBase, ToolUIPartState, DynamicToolUIPart,
} from './ui-message-types.js';
