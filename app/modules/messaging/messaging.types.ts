import type { ChannelRole, ChannelVisibility, ConversationKind, Reaction, SubjectKind } from './messaging.constants'

/**
 * The shapes the messaging services return. Dates are ISO strings, so the same object serves a loader, the socket
 * (`message:new`) and, through the snake_case serializer of the REST routes, the API.
 */
export type MessageAuthor = { id: string | null; name: string; companyId: string | null; companyName: string | null }
export type MessageAttachment = { id: string; name: string; contentType: string; sizeBytes: number; url: string }
export type MessageReactions = Array<{ emoji: Reaction; userIds: string[] }>

export type Message = {
  id: string
  seq: number
  conversationId: string
  author: MessageAuthor
  /** Empty once deleted. */
  body: string
  mentions: Array<{ userId: string; name: string }>
  /** Empty once deleted. */
  attachments: MessageAttachment[]
  reactions: MessageReactions
  clientId: string | null
  editedAt: string | null
  deletedAt: string | null
  createdAt: string
}

/** What the conversation is about, with an app path (without locale) to the record. */
export type ConversationSubject = { kind: SubjectKind; id: string; number: string; title: string; link: string }

export type ConversationSummary = {
  id: string
  kind: ConversationKind
  /** Channel name, or the record and the other company for threads (in the caller's language). */
  title: string
  topic: string
  visibility: ChannelVisibility
  subject: ConversationSubject | null
  /** The other company of a thread, from the caller's side. */
  counterpart: { id: string; name: string } | null
  archived: boolean
  lastMessage: { seq: number; authorName: string; excerpt: string; deleted: boolean; at: string } | null
  unread: number
  /** Channels: the caller is a listed member. Threads: always true. */
  isMember: boolean
  memberCount: number | null
}

export type ConversationParticipant = { userId: string; name: string; companyId: string; companyName: string; role: ChannelRole | null }

export type ConversationDetail = ConversationSummary & {
  participants: ConversationParticipant[]
  /** The caller may rename, change topic/visibility, archive and manage members (channel owner or company admin). */
  canManage: boolean
  /** The caller may post (a member of the conversation, and it is not archived). */
  canPost: boolean
  lastReadSeq: number
}

export type InboxPage = { items: ConversationSummary[]; total: number; unreadConversations: number; limit: number; offset: number }
export type MessagePage = { items: Message[]; hasMore: boolean }
export type MessageSearchHit = Message & { conversation: { id: string; kind: ConversationKind; title: string } }
export type MessageSearchPage = { items: MessageSearchHit[]; total: number; limit: number; offset: number }

/** Input of sendMessage (REST, socket and the composer). */
export type SendMessageInput = { body: string; mentions?: string[]; attachmentFileIds?: string[]; clientId?: string }

/** Where a thread hangs: find it, or create it on first use. */
export type ThreadTarget =
  | { kind: 'direct'; companyId: string }
  | { kind: 'rfq'; rfqId: string; supplierCompanyId?: string }
  | { kind: 'quotation'; quotationId: string }
  | { kind: 'order'; orderId: string }

/** Server → client socket events of messaging. */
export type MessageEvent = { conversationId: string; message: Message }
export type InboxChange = { conversationId: string; seq: number; authorId: string | null }
export type TypingEvent = { room: string; userId: string; name: string; typing: boolean }
