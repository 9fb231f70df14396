/** What a conversation hangs off: a company pair (marketplace contact), an RFQ, a quotation, an order, or a team channel. */
export const CONVERSATION_KINDS = ['direct', 'rfq', 'quotation', 'order', 'channel'] as const
export type ConversationKind = (typeof CONVERSATION_KINDS)[number]
export const THREAD_KINDS = ['direct', 'rfq', 'quotation', 'order'] as const satisfies readonly ConversationKind[]
export type ThreadKind = (typeof THREAD_KINDS)[number]
/** The records a thread can hang off (all threads but the direct company pair). */
export const SUBJECT_KINDS = ['rfq', 'quotation', 'order'] as const satisfies readonly ThreadKind[]
export type SubjectKind = (typeof SUBJECT_KINDS)[number]
/** The inbox's filter tabs: everything, unread only, or one kind of conversation. */
export const INBOX_TABS = ['all', 'unread', ...CONVERSATION_KINDS] as const
export type InboxTab = (typeof INBOX_TABS)[number]

export const CHANNEL_VISIBILITIES = ['public', 'private'] as const
export type ChannelVisibility = (typeof CHANNEL_VISIBILITIES)[number]
export const CHANNEL_ROLES = ['owner', 'member'] as const
export type ChannelRole = (typeof CHANNEL_ROLES)[number]

/** Limits a message must keep (checked on every path: REST, socket, UI). */
export const MESSAGE_MAX_CHARS = 4000
export const MESSAGE_MAX_ATTACHMENTS = 5
export const MESSAGE_MAX_MENTIONS = 20
export const CHANNEL_NAME_MAX_CHARS = 80
export const CHANNEL_TOPIC_MAX_CHARS = 250
/** One page of history, and the most a reconnecting client gets replayed at once. */
export const MESSAGE_PAGE_SIZE = 50
export const MESSAGE_REPLAY_MAX = 200

/** Reactions are a fixed set, so every client can render them and nobody stores arbitrary text there. */
export const REACTIONS = ['👍', '👀', '✅', '❤️', '😂', '🎉', '🙏', '❓'] as const
export type Reaction = (typeof REACTIONS)[number]
