// convolog/react: React bindings (React >= 18, an optional peer dependency). Nothing here touches
// IndexedDB at import or during server rendering: the store is read from subscriptions only.
export { ConvologProvider, type ConvologProviderProps } from './convolog-provider.js';
export type { StoreSource } from './store-handle.js';
export type { QueryState } from './live-query.js';
export { useConversations, type ConversationsSnapshot } from './use-conversations.js';
export { useConversation, type ConversationSnapshot } from './use-conversation.js';
export { useAttachment, type AttachmentSnapshot } from './use-attachment.js';
